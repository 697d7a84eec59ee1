//! The roster and the people's tokens.

use parlour_league::people::{admit, read_roster, token_hash, RosterRow};

use crate::support::league;

#[test]
fn a_roster_is_read_by_its_header_and_refused_with_the_line_that_is_wrong() {
    let rows = read_roster("id,email,name\ns1,a@x,Ada Lovelace\n s2 ,b@x, Alan Turing \n").unwrap();
    assert_eq!(
        rows,
        [
            RosterRow {
                name: "Ada Lovelace".into(),
                id: "s1".into()
            },
            RosterRow {
                name: "Alan Turing".into(),
                id: "s2".into()
            }
        ]
    );
    for (text, says) in [
        ("name\nAda\n", "no \"id\" column"),
        (
            "name,id\nAda,s1\nAlan,s1\n",
            "line 3: the id \"s1\" is listed twice",
        ),
        ("name,id\n,s1\n", "line 2: the name is 1 to 100"),
        ("name,id\nAda,\n", "line 2: the id is 1 to 100"),
        ("name,id\n\"Ada\u{7}\",s1\n", "line 2: the name"),
    ] {
        let e = read_roster(text).unwrap_err().to_string();
        assert!(e.contains(says), "{text:?}: {e}");
    }
    assert!(read_roster("name,id\n").unwrap().is_empty());
}

/// Only a token's hash is stored: a copy of the store lets nobody in (the attack: read the
/// database for the tokens).
#[test]
fn the_store_keeps_only_the_hashes_of_tokens() {
    let league = league("tokens", "nim", &["random"], 1);
    let rows = read_roster("name,id\nAda,s1\nAlan,s2\n").unwrap();
    let admitted = admit(league.store(), &rows, false, 5).unwrap();
    assert_eq!(admitted.len(), 2);
    assert_ne!(admitted[0].token, admitted[1].token);
    assert_eq!(admitted[0].token.len(), 32);
    let db = std::fs::read(league.dir().join("league.db")).unwrap();
    let wal = std::fs::read(league.dir().join("league.db-wal")).unwrap_or_default();
    for a in &admitted {
        let found = |bytes: &[u8]| bytes.windows(32).any(|w| w == a.token.as_bytes());
        assert!(
            !found(&db) && !found(&wal),
            "{}'s token is in the store",
            a.row.name
        );
        let p = league
            .store()
            .person_by_token(&token_hash(&a.token))
            .unwrap()
            .unwrap();
        assert_eq!((p.id, p.name.as_str()), (a.person, a.row.name.as_str()));
    }
    assert!(league
        .store()
        .person_by_token(&token_hash("not a token"))
        .unwrap()
        .is_none());
    // The same id again is refused, and nobody of that roster is added.
    let again = read_roster("name,id\nGrace,s3\nAda,s1\n").unwrap();
    let e = admit(league.store(), &again, false, 6).unwrap_err();
    assert!(
        e.to_string().contains("\"s1\" is already in the league"),
        "{e}"
    );
    assert_eq!(league.store().people().unwrap().len(), 2);
}
