//! Tafel's tie-breaks against FIDE's Technical Commission's own program, TieBreakServer: every
//! player's place, points and tie-breaks, value for value, in the 300 Swiss tournaments of
//! `../shared/data/swiss-dutch-2025` (paired by bbpPairings, with byes, forfeits and
//! withdrawals) and in 200 random round robins (`data/tie-breaks/round-robin`). The referee's
//! answers are `data/tie-breaks/*.tsv`, written by `scripts/tie_break_referee.py`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use tafel_tournament::standings::{standings, StandingsRules};
use tafel_tournament::tie_breaks::{Pairings, TieBreak};
use tafel_tournament::trf_read;

/// The referee's answers: the tie-breaks, and by case its lines `[number, place, points,
/// values...]`.
type Expected = (Vec<TieBreak>, BTreeMap<String, Vec<Vec<String>>>);

fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The referee's answers in `file` of `data/tie-breaks`.
fn expected(file: &str) -> Expected {
    let path = repository().join("data/tie-breaks").join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let mut lines = text.lines();
    lines.next();
    let header: Vec<&str> = lines.next().expect("a header").split('\t').collect();
    let tie_breaks = header[4..].iter().map(|t| t.parse().unwrap()).collect();
    let mut cases: BTreeMap<String, Vec<Vec<String>>> = BTreeMap::new();
    for line in lines {
        let fields: Vec<String> = line.split('\t').map(str::to_string).collect();
        cases
            .entry(fields[0].clone())
            .or_default()
            .push(fields[1..].to_vec());
    }
    (tie_breaks, cases)
}

/// Tafel's lines for the tournament of `trf`, as the referee writes them.
fn ours(trf: &Path, tie_breaks: &[TieBreak], pairings: Pairings) -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(trf).unwrap();
    let report = trf_read::report(&text).unwrap_or_else(|e| panic!("{trf:?}: {e}"));
    let rules = StandingsRules {
        bye_half_points: report.bye_half_points,
        tie_breaks: tie_breaks.to_vec(),
        pairings,
    };
    let mut lines = standings(
        report.numbers.len(),
        &report.rounds,
        &rules,
        &report.ratings,
    )
    .unwrap();
    lines.sort_by_key(|line| line.entrant);
    let number = |v: f64| format!("{v:?}");
    lines
        .iter()
        .map(|line| {
            let mut fields = vec![
                report.numbers[line.entrant.0].to_string(),
                line.rank.to_string(),
                number(f64::from(line.points) / 2.0),
            ];
            fields.extend(line.tie_breaks.iter().map(|&v| number(v)));
            fields
        })
        .collect()
}

/// Compares every case of `cases` (name, TRF file) with the referee's answers.
fn compare(cases: &[(String, PathBuf)], (tie_breaks, expected): &Expected, pairings: Pairings) {
    assert_eq!(cases.len(), expected.len(), "one answer per tournament");
    let mut differ = Vec::new();
    let mut players = 0;
    for (name, trf) in cases {
        let theirs = &expected[name];
        let mine = ours(trf, tie_breaks, pairings);
        players += mine.len();
        assert_eq!(mine.len(), theirs.len(), "{name}: players");
        for (a, b) in mine.iter().zip(theirs) {
            if a != b {
                differ.push(format!("{name}: ours {a:?}, the referee's {b:?}"));
            }
        }
    }
    assert!(
        differ.is_empty(),
        "{} of {players} lines differ:\n{}",
        differ.len(),
        differ[..differ.len().min(10)].join("\n")
    );
    assert!(players > 1000, "{players} players compared");
}

#[test]
fn round_robins_are_ranked_as_fides_program_ranks_them() {
    let folder = repository().join("data/tie-breaks/round-robin");
    let mut cases: Vec<(String, PathBuf)> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "trf"))
        .map(|path| {
            (
                path.file_stem().unwrap().to_string_lossy().into_owned(),
                path,
            )
        })
        .collect();
    cases.sort();
    compare(&cases, &expected("round-robin.tsv"), Pairings::Fixed);
}

#[test]
fn swiss_tournaments_are_ranked_as_fides_program_ranks_them() {
    let corpus = repository().join("../shared/data/swiss-dutch-2025/cases.tar.gz");
    assert!(
        corpus.exists(),
        "the referee's Swiss tournaments are missing: {corpus:?}"
    );
    let folder = std::env::temp_dir().join(format!("tafel-tie-breaks-{}", std::process::id()));
    std::fs::create_dir_all(&folder).unwrap();
    let status = std::process::Command::new("tar")
        .arg("xzf")
        .arg(&corpus)
        .arg("-C")
        .arg(&folder)
        .args(["--wildcards", "*/final.trf"])
        .status()
        .expect("tar runs");
    assert!(status.success(), "tar could not read {corpus:?}");
    let mut cases: Vec<(String, PathBuf)> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.join("final.trf").exists())
        .map(|path| {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            (name, path.join("final.trf"))
        })
        .collect();
    cases.sort();
    compare(&cases, &expected("swiss-dutch-2025.tsv"), Pairings::Swiss);
    std::fs::remove_dir_all(&folder).unwrap();
}
