//! What a server promises strangers, as numbers the operator can set: how many connections,
//! tables, replays and program seats one client may hold, how long an idle connection or an
//! unwatched table is kept, which hosts and origins are this server, and the upper bound of
//! every bot budget a visitor may ask for.
//!
//! `parlour serve` fills these from its flags; [`Settings::default`] is what it uses when none
//! is given.

use std::net::IpAddr;
use std::path::PathBuf;
use std::time::Duration;

/// A server's limits and trust (see the module).
#[derive(Debug, Clone)]
pub struct Settings {
    /// How long a person's seat waits for them at their turn before a stand-in plays.
    pub seat_timeout: Duration,
    /// Connections open at once, in all (HTTP and WebSocket). Past it new connections are
    /// closed at once; `parlour serve` keeps it under the open-file limit.
    pub max_connections: usize,
    /// How long a connection may take to send a request's headers, and how long a kept-alive
    /// HTTP connection may sit idle between requests.
    pub header_timeout: Duration,
    /// How long a WebSocket may stay silent (not even answering the server's pings) before it
    /// is closed.
    pub socket_idle: Duration,
    /// One client's share (see [`Share`]).
    pub share: Share,
    /// Tables in memory at once, in all.
    pub max_tables: usize,
    /// Program seats (external processes) running at once, in all.
    pub max_programs: usize,
    /// Replays kept at once, in all.
    pub max_replays: usize,
    /// Memory for replays in all, in bytes: an upload that would pass it is refused.
    pub replay_budget: usize,
    /// A table nobody has watched or played for this long is closed (its record is kept).
    pub idle_table: Duration,
    /// The fewest milliseconds between two bots' moves at any table.
    pub min_pace_ms: u64,
    /// The most decisions a table plays; it is closed when it reaches them.
    pub max_decisions: u64,
    /// Bots thinking at once, in all (the rest wait their turn): a flood of tables shares
    /// these cores and no more.
    pub thinkers: usize,
    /// The most each bot budget may be set to by a visitor.
    pub caps: BotCaps,
    /// A folder of learned models visitors may name (`learned:model=NAME`); none when `None`.
    pub models: Option<PathBuf>,
    /// Host names (besides IP addresses and `localhost`) this server answers to.
    pub hosts: Vec<String>,
    /// Origins (`https://games.example.org`) besides the server's own whose pages may open
    /// sockets and send requests that change something.
    pub origins: Vec<String>,
    /// Whether a client is known by the last address in `X-Forwarded-For` (set by a reverse
    /// proxy in front) instead of the connection's address.
    pub forwarded: bool,
}

/// What one client (one address; one /64 for IPv6) may hold at once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Share {
    /// Connections open (HTTP and WebSocket).
    pub connections: usize,
    /// Tables it made that are still in memory.
    pub tables: usize,
    /// Replays it uploaded that are still kept.
    pub replays: usize,
    /// Program seats (external processes) at its tables.
    pub programs: usize,
}

impl Default for Share {
    fn default() -> Share {
        Share {
            connections: 64,
            tables: 12,
            replays: 8,
            programs: 6,
        }
    }
}

/// Upper bounds of the budgets a visitor may give a built-in bot, by option name. An option
/// that is neither a budget here nor one of [`BotCaps::FREE`] is refused at the web.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BotCaps(pub Vec<(String, u64)>);

impl BotCaps {
    /// Options that choose how a bot plays but not how long it thinks or how much it holds.
    pub const FREE: &'static [&'static str] = &[
        "c", "policy", "variant", "root", "eval", "anchor", "z", "model",
    ];

    /// The cap of `option`, if it is a budget.
    pub fn cap(&self, option: &str) -> Option<u64> {
        self.0.iter().find(|(k, _)| k == option).map(|(_, v)| *v)
    }

    /// Sets one cap (`iters=20000`).
    pub fn set(&mut self, option: &str, max: u64) {
        match self.0.iter_mut().find(|(k, _)| k == option) {
            Some(slot) => slot.1 = max,
            None => self.0.push((option.to_string(), max)),
        }
    }
}

impl Default for BotCaps {
    fn default() -> BotCaps {
        BotCaps(
            [
                ("iters", 50_000),
                ("ms", 3_000),
                ("nodes", 1_000_000),
                ("depth", 64),
                ("playout", 1_000),
                ("table_bits", 20),
            ]
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect(),
        )
    }
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            seat_timeout: Duration::from_secs(120),
            max_connections: 900,
            header_timeout: Duration::from_secs(10),
            socket_idle: Duration::from_secs(90),
            share: Share::default(),
            max_tables: 1000,
            max_programs: 48,
            max_replays: 100,
            replay_budget: 512 << 20,
            idle_table: Duration::from_secs(15 * 60),
            min_pace_ms: 100,
            max_decisions: 20_000,
            thinkers: std::thread::available_parallelism()
                .map(|n| n.get())
                .unwrap_or(2),
            caps: BotCaps::default(),
            models: None,
            hosts: Vec::new(),
            origins: Vec::new(),
            forwarded: false,
        }
    }
}

impl Settings {
    /// A built-in bot as a visitor named it (`ismcts:iters=400`), checked against this server's
    /// caps: every budget at most its cap, every other option one of [`BotCaps::FREE`], and a
    /// model only by its file name in [`Settings::models`] (rewritten to its path there). The
    /// spec to build, or why it is refused. Nothing outside the models folder is looked at, so
    /// the refusal says nothing about the server's files.
    pub fn admit_bot(&self, text: &str) -> Result<parlour_core::BotSpec, String> {
        let mut spec: parlour_core::BotSpec = text.parse().map_err(|e| format!("{e}"))?;
        for (key, value) in &mut spec.options {
            if key == "model" {
                *value = self.model(value)?;
            } else if let Some(cap) = self.caps.cap(key) {
                let n: u64 = value
                    .parse()
                    .map_err(|_| format!("{key}={value}: a budget is a whole number"))?;
                if n > cap {
                    return Err(format!(
                        "{key}={value} is over this server's limit of {cap}"
                    ));
                }
            } else if !BotCaps::FREE.contains(&key.as_str()) {
                return Err(format!("the option {key} is not offered at this server"));
            }
        }
        Ok(spec)
    }

    /// The path of the model a visitor named, if it is one of the operator's.
    fn model(&self, name: &str) -> Result<String, String> {
        let plain = !name.starts_with('.')
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'));
        let Some(dir) = self.models.as_ref().filter(|_| plain) else {
            return Err(match &self.models {
                None => "this server offers the shipped models only (leave model unset)".into(),
                Some(_) => format!(
                    "a model is named by its file name in the server's model folder, not {name:?}"
                ),
            });
        };
        let missing = || format!("the server's model folder has no model {name:?}");
        let root = dir.canonicalize().map_err(|_| missing())?;
        let path = root.join(name).canonicalize().map_err(|_| missing())?;
        if !path.starts_with(&root) || !path.is_file() {
            return Err(missing());
        }
        path.to_str().map(str::to_string).ok_or_else(missing)
    }
}

/// `d` in words (`15 minutes`).
pub fn words(d: Duration) -> String {
    let s = d.as_secs();
    if s >= 60 && s % 60 == 0 {
        let m = s / 60;
        format!("{m} minute{}", if m == 1 { "" } else { "s" })
    } else {
        format!("{s} second{}", if s == 1 { "" } else { "s" })
    }
}

/// Who a client is, for its share: its address, with an IPv6 address cut to its /64 (one
/// home or one host's addresses).
pub fn client_key(address: IpAddr) -> IpAddr {
    match address {
        IpAddr::V4(_) => address,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let mut s = v6.segments();
                s[4..].fill(0);
                IpAddr::V6(s.into())
            }
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clients_v6_addresses_share_one_key_per_64() {
        let a: IpAddr = "2001:db8:1:2:aaaa::1".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2:bbbb::9".parse().unwrap();
        let c: IpAddr = "2001:db8:1:3::1".parse().unwrap();
        assert_eq!(client_key(a), client_key(b));
        assert_ne!(client_key(a), client_key(c));
        let mapped: IpAddr = "::ffff:10.0.0.1".parse().unwrap();
        assert_eq!(client_key(mapped), "10.0.0.1".parse::<IpAddr>().unwrap());
    }

    #[test]
    fn a_visitors_bot_stays_within_the_caps_and_the_model_folder() {
        let dir = std::env::temp_dir().join(format!("parlour-models-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("uno.model"), b"x").unwrap();
        let mut s = Settings::default();
        let admitted = |s: &Settings, text: &str| s.admit_bot(text).map(|b| b.to_string());
        assert_eq!(
            admitted(&s, "ismcts:iters=400").unwrap(),
            "ismcts:iters=400"
        );
        assert_eq!(admitted(&s, "heuristic").unwrap(), "heuristic");
        let over = s.admit_bot("ismcts:iters=4000000000").unwrap_err();
        assert!(over.contains("limit of 50000"), "{over}");
        assert!(s.admit_bot("ismcts:iters=1e9").is_err());
        assert!(s
            .admit_bot("search:secret=1")
            .unwrap_err()
            .contains("not offered"));
        // No folder: no model may be named at all, and the answer is the same for any path.
        let a = s.admit_bot("learned:model=/dev/zero").unwrap_err();
        let b = s.admit_bot("learned:model=/no/such/file").unwrap_err();
        assert_eq!(a, b);
        s.models = Some(dir.clone());
        let named = admitted(&s, "learned:model=uno.model").unwrap();
        assert!(
            named.ends_with("uno.model") && named.contains(std::path::MAIN_SEPARATOR),
            "{named}"
        );
        for bad in [
            "../etc/passwd",
            "/dev/zero",
            "..",
            ".hidden",
            "sub/uno.model",
        ] {
            let why = s.admit_bot(&format!("learned:model={bad}")).unwrap_err();
            assert!(why.contains("file name"), "{bad}: {why}");
        }
        assert!(s
            .admit_bot("learned:model=other.model")
            .unwrap_err()
            .contains("no model"));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn caps_are_set_and_read_by_name() {
        let mut caps = BotCaps::default();
        assert_eq!(caps.cap("iters"), Some(50_000));
        caps.set("iters", 10);
        caps.set("width", 3);
        assert_eq!(caps.cap("iters"), Some(10));
        assert_eq!(caps.cap("width"), Some(3));
        assert_eq!(caps.cap("c"), None);
    }
}
