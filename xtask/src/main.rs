//! parlour's own tasks, run as `cargo xtask TASK` (the alias is in `.cargo/config.toml`):
//!
//! - `cargo xtask test [ARGS]`: installs what the tests outside pure Rust need, saying what it
//!   installs and skipping what is there (Debian's Chromium, playwright-core from its lock file,
//!   the Python package `parlour` in `target/python-venv`), then runs every test, those
//!   included (`cargo test --workspace -- --include-ignored ARGS`), and checks that the Python
//!   kit installs with pip and runs a bot through `check-bot`.
//! - `cargo xtask install`: only the installs.
//! - `cargo xtask book`: builds the book in `docs/` with mdBook (installed into `target/tools`
//!   when missing) and checks every link in it, the README and ARCHITECTURE.md: each must
//!   resolve inside the repository, anchors included.
//!
//! Plain `cargo test --workspace` is the pure-Rust suite: it installs nothing, and the tests
//! that need Python, Node or Chromium are ignored there with the reason.

use std::collections::{BTreeSet, HashMap};
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

/// The mdBook release the book is built with.
const MDBOOK: &str = "0.5.4";

type Result<T = ()> = std::result::Result<T, String>;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("test") => install().and_then(|()| test(&args[1..])),
        Some("install") => install(),
        Some("book") => book(),
        _ => Err(
            "usage: cargo xtask test [ARGS]   install what the outside tests need, run every test\n\
             \x20      cargo xtask install       only install\n\
             \x20      cargo xtask book          build the book in docs/ and check its links"
                .into(),
        ),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The repository's root (xtask's parent).
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default()
}

fn say(what: &str) {
    eprintln!("xtask: {what}");
}

/// Runs `cmd`, failing with `what` if it cannot start or does not succeed.
fn run(what: &str, cmd: &mut Command) -> Result {
    let status = cmd
        .status()
        .map_err(|e| format!("{what}: cannot run {:?}: {e}", cmd.get_program()))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("{what} failed ({status})"))
    }
}

fn found(program: &str) -> bool {
    Command::new(program)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| o.stdout.trim_ascii() == b"0")
}

/// Everything the ignored tests need, each installed only when missing.
fn install() -> Result {
    let root = root();
    chromium()?;
    playwright(&root)?;
    python_package(&root)
}

/// Debian's Chromium, for the browser tests (or `$CHROMIUM`, a Chromium of your own).
fn chromium() -> Result {
    if let Some(own) = std::env::var_os("CHROMIUM") {
        say(&format!(
            "Chromium: {} ($CHROMIUM)",
            Path::new(&own).display()
        ));
        return Ok(());
    }
    if Path::new("/usr/bin/chromium").exists() {
        say("Chromium: /usr/bin/chromium, installed");
        return Ok(());
    }
    if !is_root() {
        return Err(
            "the browser tests need Chromium: install Debian's `chromium` package (as \
                    root, which this task does itself), or set CHROMIUM to a Chromium binary"
                .into(),
        );
    }
    say("Chromium: installing Debian's `chromium` package with apt-get");
    run(
        "apt-get update",
        Command::new("apt-get").args(["update", "-qq"]),
    )?;
    run(
        "apt-get install chromium",
        Command::new("apt-get")
            .args(["install", "-y", "-qq", "chromium"])
            .env("DEBIAN_FRONTEND", "noninteractive"),
    )
}

/// playwright-core, from `crates/web/e2e/package-lock.json`, for the browser tests.
fn playwright(root: &Path) -> Result {
    let dir = root.join("crates/web/e2e");
    let installed = dir.join("node_modules/.package-lock.json");
    let fresh = match (
        std::fs::metadata(dir.join("package-lock.json")).and_then(|m| m.modified()),
        std::fs::metadata(&installed).and_then(|m| m.modified()),
    ) {
        (Ok(lock), Ok(done)) => done >= lock,
        _ => false,
    };
    if fresh && dir.join("node_modules/playwright-core").exists() {
        say("playwright-core: crates/web/e2e/node_modules, installed");
        return Ok(());
    }
    if !found("npm") {
        return Err(
            "the browser tests need Node.js and npm (Debian: apt-get install nodejs npm)".into(),
        );
    }
    say("playwright-core: installing from crates/web/e2e/package-lock.json with npm ci");
    run(
        "npm ci",
        Command::new("npm")
            .args(["ci", "--no-audit", "--no-fund", "--loglevel=error"])
            .current_dir(&dir),
    )
}

/// The Python package `parlour` with its extras and test tools, as the book's Python chapter
/// installs it, in `target/python-venv` (pip skips what is current; the extension is rebuilt
/// by maturin into `target/python-build` when its sources changed).
fn python_package(root: &Path) -> Result {
    if !found("python3") {
        return Err(
            "the Python tests need python3 (3.10 or later, with venv; Debian: apt-get \
                    install python3 python3-venv)"
                .into(),
        );
    }
    let venv = root.join("target/python-venv");
    if venv.join("bin/python").exists() {
        say("Python: target/python-venv, present");
    } else {
        say("Python: making the virtual environment target/python-venv");
        run(
            "python3 -m venv",
            Command::new("python3").args(["-m", "venv"]).arg(&venv),
        )?;
    }
    say(
        "Python: pip install \".[envs,ray]\" pytest mypy into target/python-venv (numpy, \
         PettingZoo, Gymnasium, Ray and maturin from PyPI when missing; the extension is built)",
    );
    run(
        "pip install .[envs,ray]",
        Command::new(venv.join("bin/pip"))
            .args(["install", "-q", "--disable-pip-version-check"])
            .args([".[envs,ray]", "pytest", "mypy"])
            .current_dir(root)
            .env("CARGO_TARGET_DIR", root.join("target/python-build")),
    )
}

fn cargo() -> Command {
    Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
}

/// Every test, the ignored ones included, then the kit's pip install.
fn test(args: &[String]) -> Result {
    let root = root();
    say("running every test: cargo test --workspace -- --include-ignored");
    run(
        "cargo test",
        cargo()
            .args(["test", "--workspace", "--locked", "--", "--include-ignored"])
            .args(args)
            .current_dir(&root),
    )?;
    kit_installs(&root)
}

/// The Python kit installs with pip (into a throwaway venv, from a copy so the tree stays
/// clean), and an example bot runs from the installed package through the checker.
fn kit_installs(root: &Path) -> Result {
    say("the Python kit: pip install sdk/python into a throwaway venv, then check-bot");
    let dir = std::env::temp_dir().join(format!("parlour-kit-{}", std::process::id()));
    let result = (|| {
        let src = dir.join("src");
        copy_dir(&root.join("sdk/python"), &src).map_err(|e| format!("copying the kit: {e}"))?;
        run(
            "python3 -m venv",
            Command::new("python3")
                .args(["-m", "venv"])
                .arg(dir.join("venv")),
        )?;
        run(
            "pip install sdk/python",
            Command::new(dir.join("venv/bin/pip"))
                .args(["install", "-q", "--disable-pip-version-check"])
                .arg(&src),
        )?;
        run(
            "check-bot with the installed kit",
            Command::new(root.join("target/debug/parlour"))
                .args(["check-bot", "uno", "--decisions", "500", "--"])
                .arg(dir.join("venv/bin/python"))
                .args(["-m", "parlour_bot.uno_seed"])
                .arg(root.join("sdk/python/examples/uno_seed_ai.py"))
                .current_dir(&dir),
        )
    })();
    let _ = std::fs::remove_dir_all(&dir);
    result
}

fn copy_dir(from: &Path, to: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(to)?;
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        let target = to.join(entry.file_name());
        if entry.file_type()?.is_dir() {
            copy_dir(&entry.path(), &target)?;
        } else {
            std::fs::copy(entry.path(), target)?;
        }
    }
    Ok(())
}

/// mdBook in `target/tools`, installed when missing or another version.
fn mdbook(root: &Path) -> Result<PathBuf> {
    let tools = root.join("target/tools");
    let bin = tools.join("bin/mdbook");
    let version = Command::new(&bin)
        .arg("--version")
        .output()
        .ok()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string());
    if version.as_deref() == Some(&format!("mdbook v{MDBOOK}")) {
        return Ok(bin);
    }
    say(&format!(
        "mdBook: installing {MDBOOK} into target/tools (cargo install, from crates.io)"
    ));
    run(
        "cargo install mdbook",
        cargo()
            .args(["install", "mdbook", "--version", MDBOOK, "--locked"])
            .args(["--no-default-features", "--root"])
            .arg(&tools),
    )?;
    Ok(bin)
}

/// Builds the book and checks every link of it, the README and ARCHITECTURE.md.
fn book() -> Result {
    let root = root();
    let mdbook = mdbook(&root)?;
    let out = root.join("target/book");
    run(
        "mdbook build docs",
        Command::new(mdbook)
            .arg("build")
            .arg(root.join("docs"))
            .arg("--dest-dir")
            .arg(&out),
    )?;
    let mut pages = Pages::default();
    let mut broken = Vec::new();
    for page in html_files(&out).map_err(|e| format!("reading {}: {e}", out.display()))? {
        let name = page.file_name().and_then(OsStr::to_str).unwrap_or_default();
        // The print page and the not-found page repeat or point at the others.
        if matches!(name, "print.html" | "404.html") {
            continue;
        }
        let html = pages.read(&page)?;
        for href in attributes(&html, "href") {
            if let Some(why) = pages.check_html_link(&page, &href) {
                broken.push(format!("{}: {href}: {why}", shown(&root, &page)));
            }
        }
    }
    for doc in ["README.md", "ARCHITECTURE.md"] {
        let path = root.join(doc);
        let text = std::fs::read_to_string(&path).map_err(|e| format!("reading {doc}: {e}"))?;
        for link in markdown_links(&text) {
            if let Some(why) = pages.check_markdown_link(&root, &out, &link) {
                broken.push(format!("{doc}: {link}: {why}"));
            }
        }
    }
    if broken.is_empty() {
        say(&format!(
            "the book is in {} and every link resolves",
            out.display()
        ));
        Ok(())
    } else {
        Err(format!("broken links:\n  {}", broken.join("\n  ")))
    }
}

fn shown(root: &Path, path: &Path) -> String {
    path.strip_prefix(root)
        .unwrap_or(path)
        .display()
        .to_string()
}

fn html_files(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            out.extend(html_files(&path)?);
        } else if path.extension() == Some(OsStr::new("html")) {
            out.push(path);
        }
    }
    out.sort();
    Ok(out)
}

/// Every value of `name="..."` in an HTML page.
fn attributes(html: &str, name: &str) -> Vec<String> {
    let needle = format!(" {name}=\"");
    html.match_indices(&needle)
        .filter_map(|(at, _)| {
            let rest = &html[at + needle.len()..];
            rest.find('"').map(|end| rest[..end].replace("&amp;", "&"))
        })
        .collect()
}

/// The targets of a Markdown text's inline links, `[text](target)`, outside code.
fn markdown_links(text: &str) -> Vec<String> {
    let mut links = Vec::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        // Inline code spans hold no links.
        let prose: String = line.split('`').step_by(2).collect::<Vec<_>>().join(" ");
        for (at, _) in prose.match_indices("](") {
            let rest = &prose[at + 2..];
            if let Some(end) = rest.find(')') {
                let target = rest[..end].split_whitespace().next().unwrap_or_default();
                links.push(target.to_string());
            }
        }
    }
    links
}

/// The built pages' ids, read once each.
#[derive(Default)]
struct Pages {
    ids: HashMap<PathBuf, BTreeSet<String>>,
}

impl Pages {
    fn read(&mut self, page: &Path) -> Result<String> {
        let html = std::fs::read_to_string(page)
            .map_err(|e| format!("reading {}: {e}", page.display()))?;
        self.ids
            .entry(page.to_path_buf())
            .or_insert_with(|| attributes(&html, "id").into_iter().collect());
        Ok(html)
    }

    fn has_id(&mut self, page: &Path, id: &str) -> bool {
        if !self.ids.contains_key(page) && self.read(page).is_err() {
            return false;
        }
        self.ids.get(page).is_some_and(|ids| ids.contains(id))
    }

    /// Why a link on a built page does not resolve, or None.
    fn check_html_link(&mut self, page: &Path, href: &str) -> Option<String> {
        if href.contains("://") || href.starts_with("mailto:") {
            return Some("leaves the repository".into());
        }
        if href.starts_with("javascript:") {
            return None;
        }
        let (path, anchor) = href.split_once('#').unwrap_or((href, ""));
        let target = if path.is_empty() {
            page.to_path_buf()
        } else {
            page.parent()?.join(path)
        };
        let target = if target.is_dir() {
            target.join("index.html")
        } else {
            target
        };
        if !target.exists() {
            return Some("no such page in the book (a link outside docs/?)".into());
        }
        if !anchor.is_empty() && target.extension() == Some(OsStr::new("html")) {
            let target = target.canonicalize().unwrap_or(target);
            if !self.has_id(&target, anchor) {
                return Some(format!("no heading or id `{anchor}` there"));
            }
        }
        None
    }

    /// Why a link in the README or ARCHITECTURE.md does not resolve, or None: the file must
    /// exist, and an anchor into the book's sources must be an id of the built page.
    fn check_markdown_link(&mut self, root: &Path, book: &Path, link: &str) -> Option<String> {
        if link.contains("://") || link.starts_with("mailto:") {
            return Some("leaves the repository".into());
        }
        let (path, anchor) = link.split_once('#').unwrap_or((link, ""));
        if path.is_empty() {
            return None;
        }
        if !root.join(path).exists() {
            return Some("no such file".into());
        }
        let page = Path::new(path)
            .strip_prefix("docs")
            .ok()
            .filter(|p| p.extension() == Some(OsStr::new("md")))?;
        if anchor.is_empty() {
            return None;
        }
        let built = book.join(page.with_extension("html"));
        (!self.has_id(&built, anchor)).then(|| format!("no heading `{anchor}` in {path}"))
    }
}
