//! Bot programs in the POSIX shell for tests that start real programs: they speak parlour's
//! protocol (one JSON line each way) with nothing but `sh`, so a test needs no Python.

/// A program that answers every question with the first legal action (index 0) and leaves at
/// `bye`. With `echo`, it also asks to be told the game's events and writes every line it is
/// sent to its standard error, which parlour keeps as its log.
///
/// ```
/// let script = parlour_test_support::programs::first_legal(true);
/// assert!(script.contains(r#""events":true"#) && script.contains(">&2"));
/// assert!(!parlour_test_support::programs::first_legal(false).contains(">&2"));
/// ```
pub fn first_legal(echo: bool) -> String {
    let (log, events) = if echo {
        ("    printf '%s\\n' \"$line\" >&2\n", r#","events":true"#)
    } else {
        ("", "")
    };
    format!(
        r#"while IFS= read -r line; do
{log}    case "$line" in
        *'"type":"hello"'*) echo '{{"type":"ready","protocol":1{events}}}' ;;
        *'"type":"act"'*)
            id=${{line#*'"id":'}}; id=${{id%%[,\}}]*}}
            echo "{{\"type\":\"action\",\"id\":$id,\"index\":0}}" ;;
        *'"type":"bye"'*) break ;;
    esac
done
"#
    )
}
