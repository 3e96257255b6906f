//! `tafel db copy`: every account (with its sessions and ratings) and every game of one
//! database copied into another (SQLite to PostgreSQL and back), with everything stored about
//! each game (moves, seats and invitations, clocks, proposals, results, rematch links,
//! summaries, versions, analyses, which account plays which seat, rating changes, the
//! accounts' results), each game checked by replaying it. Seeks are not copied: they live only
//! while their owner's lobby is open.
//!
//! A copy into a database that already holds games is refused unless asked for
//! ([`CopyOptions::merge`]); then a game already there exactly as in the source is left alone
//! and any other game with the same id is replaced, and so is any account, session or rating
//! with the key of one in the source, so running the same copy again (after an interruption,
//! say) finishes it and changes nothing more. Copy while no server writes to the source: each
//! game is copied as it is at one moment.

use anyhow::{bail, Context, Result};

use crate::domain::live::LiveGame;
use crate::store::Store;

/// How to copy.
#[derive(Clone, Copy, Debug, Default)]
pub struct CopyOptions {
    /// Copy into a target that already holds games (games with the same id are replaced,
    /// the others kept).
    pub merge: bool,
}

/// What a copy did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Copied {
    /// Games written into the target.
    pub games: usize,
    /// Games found in the target exactly as in the source (left alone).
    pub unchanged: usize,
    /// Moves (chance outcomes included) of the games written.
    pub moves: usize,
    /// Analyses of the games written.
    pub analyses: usize,
    /// Accounts copied (deleted ones included), with their sessions.
    pub accounts: usize,
    /// Ratings copied (one per account and game).
    pub ratings: usize,
}

/// Copies every account, session and rating, then every game, of the database at `from` into
/// the database at `to` (created and migrated if needed), checking each game's copy by loading it from the target and replaying its
/// moves. `progress` hears of each game done, with the number of games done and in all.
pub async fn copy(
    from: &str,
    to: &str,
    options: CopyOptions,
    mut progress: impl FnMut(usize, usize),
) -> Result<Copied> {
    let source = Store::open(from)
        .await
        .with_context(|| format!("cannot open the source `{from}`"))?;
    let target = Store::open(to)
        .await
        .with_context(|| format!("cannot open the target `{to}`"))?;
    let held = target.game_ids().await?.len();
    if held > 0 && !options.merge {
        bail!(
            "the target `{to}` already holds {held} games: pass --merge to copy into it \
             (games with the same id are replaced by their copy, the others kept)"
        );
    }
    // The people first: the games' rows refer to their accounts.
    let people = source.export_people().await?;
    target
        .import_people(&people)
        .await
        .context("cannot copy the accounts, sessions and ratings")?;
    let mut copied = Copied {
        accounts: people.accounts(),
        ratings: people.ratings(),
        ..Copied::default()
    };
    let ids = source.game_ids().await?;
    for (done, id) in ids.iter().enumerate() {
        let Some(rows) = source.export(id).await? else {
            continue; // deleted meanwhile
        };
        if options.merge && target.export(id).await?.as_ref() == Some(&rows) {
            copied.unchanged += 1;
        } else {
            target
                .import(&rows)
                .await
                .with_context(|| format!("cannot copy game {id}"))?;
            copied.games += 1;
            copied.moves += rows.moves();
            copied.analyses += rows.analyses();
        }
        check(&source, &target, id).await?;
        progress(done + 1, ids.len());
    }
    Ok(copied)
}

/// Loads game `id` from both databases and checks that the copy is the same game and that
/// its moves replay.
async fn check(source: &Store, target: &Store, id: &str) -> Result<()> {
    let (Some(original), Some(copy)) = (source.load(id).await?, target.load(id).await?) else {
        bail!("game {id} is missing from the target after the copy");
    };
    let same = original.game == copy.game
        && original.settings == copy.settings
        && original.start == copy.start
        && original.moves == copy.moves
        && original.dice == copy.dice
        && original.public == copy.public
        && original.time_control == copy.time_control
        && original.rematch_of == copy.rematch_of
        && original.rated == copy.rated
        && original.table == copy.table
        && original.version == copy.version;
    if !same {
        bail!("game {id}: the copy differs from the original");
    }
    let replayed = LiveGame::from_stored(&copy)
        .map_err(|e| anyhow::anyhow!("game {id}: the copy does not replay: {}", e.message))?;
    if replayed.moves.len() != original.moves.len() {
        bail!("game {id}: the copy's moves replay differently");
    }
    Ok(())
}
