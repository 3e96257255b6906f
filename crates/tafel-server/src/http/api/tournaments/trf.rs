//! A tournament played in rounds exported as FIDE's Tournament Report File (TRF-16 or
//! TRF-2026).

use std::sync::Arc;

use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::IntoResponse;
use serde::Deserialize;
use tafel_tournament::trf::TrfVersion;

use super::{tags, tournament_id};
use crate::domain::tournament::trf::trf;
use crate::domain::tournament::Entrant;
use crate::http::error::{ApiError, ErrorBody};
use crate::play::tournaments::Tournaments;

/// Which TRF a tournament is exported as.
#[derive(Deserialize, Default)]
pub struct TrfQuery {
    /// `16` (TRF-16, the default) or `2026` (TRF-2026).
    #[serde(default)]
    version: TrfVersionParam,
}

/// The `version` of [`TrfQuery`].
#[derive(Deserialize, Default, Clone, Copy)]
enum TrfVersionParam {
    /// TRF-16.
    #[default]
    #[serde(rename = "16")]
    Trf16,
    /// TRF-2026.
    #[serde(rename = "2026")]
    Trf2026,
}

/// A tournament played in rounds as FIDE's Tournament Report File (TRF-16, or TRF-2026 with
/// `?version=2026`), its complete rounds so far: the entrants by username, unrated, numbered in
/// the tournament's order; a Swiss with its colour lot, so that it can be paired on from it.
#[utoipa::path(get, path = "/api/tournaments/{id}/trf", tag = tags::TOURNAMENTS,
    params(("id" = String, Path, description = "The tournament's id"),
           ("version" = Option<String>, Query, description = "`16` (default) or `2026`")),
    responses((status = 200, description = "The TRF file, text", content_type = "text/plain"),
              (status = 400, description = "An Arena (it has no rounds), or another version", body = ErrorBody),
              (status = 404, description = "No such tournament", body = ErrorBody),
              (status = 409, description = "Not started, or cancelled", body = ErrorBody)))]
pub async fn report(
    State(tournaments): State<Arc<Tournaments>>,
    Path(id): Path<String>,
    Query(query): Query<TrfQuery>,
) -> Result<impl IntoResponse, ApiError> {
    let detail = tournaments.detail(&tournament_id(&id)?).await?;
    let mut entrants: Vec<Entrant> = detail
        .entrants
        .iter()
        .filter(|(_, e)| e.number.is_some())
        .map(|(_, e)| e.clone())
        .collect();
    entrants.sort_by_key(|e| e.number);
    let version = match query.version {
        TrfVersionParam::Trf16 => TrfVersion::Trf16,
        TrfVersionParam::Trf2026 => TrfVersion::Trf2026,
    };
    let text = trf(
        &detail.stored.tournament,
        &entrants,
        &detail.boards,
        &detail.numbered_byes(),
        version,
    )?;
    let disposition = format!(
        "attachment; filename=\"tafel-tournament-{}.trf\"",
        detail.stored.tournament.id
    );
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "text/plain; charset=utf-8".to_string(),
            ),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        text,
    ))
}
