//! The tutorials' progress of the signed-in account (`/learn`, docs/learn.md): the steps of
//! each game's course done, read and recorded. A record only grows; a browser's own progress
//! (kept in its `localStorage`) merges into the account's by being sent.

use std::collections::BTreeMap;
use std::sync::Arc;

use axum::extract::{Path, State};
use axum::Json;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::tags;
use crate::domain::learn::StepsDone;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::session::SignedIn;
use crate::http::web::course_steps;
use crate::msg;
use crate::play::Hub;

/// The steps done of each game's course.
#[derive(Serialize, ToSchema)]
pub struct Progress {
    /// Steps done, by game name (games not begun are left out).
    progress: BTreeMap<String, i64>,
}

/// The steps of a game's course done, as sent.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct StepsSent {
    /// Steps done, from the first: at most the course's length.
    steps: u64,
}

/// The steps of one game's course done, as recorded.
#[derive(Serialize, ToSchema)]
pub struct CourseProgress {
    /// The game's name.
    game: String,
    /// Steps done: the larger of what was recorded and what was sent.
    steps: i64,
    /// The course's length.
    course: usize,
}

/// The signed-in account's progress in every game's course.
#[utoipa::path(get, path = "/api/learn/progress", tag = tags::LEARN,
    responses((status = 200, description = "Steps done, by game", body = Progress),
              (status = 401, description = "Nobody is signed in", body = ErrorBody)))]
pub async fn progress(
    State(hub): State<Arc<Hub>>,
    SignedIn(account): SignedIn,
) -> Result<Json<Progress>, ApiError> {
    let progress = hub.learn_progress(&account.id).await?;
    Ok(Json(Progress { progress }))
}

/// Records the steps of `game`'s course the signed-in account has done, unless more are
/// recorded already (so a browser's progress merges into the account's: the larger wins).
#[utoipa::path(put, path = "/api/learn/progress/{game}", tag = tags::LEARN, request_body = StepsSent,
    params(("game" = String, Path, description = "The game's name")),
    responses((status = 200, description = "The steps recorded now", body = CourseProgress),
              (status = 400, description = "More steps than the course has", body = ErrorBody),
              (status = 401, description = "Nobody is signed in", body = ErrorBody),
              (status = 404, description = "No course for such a game", body = ErrorBody)))]
pub async fn record(
    State(hub): State<Arc<Hub>>,
    SignedIn(account): SignedIn,
    Path(game): Path<String>,
    Json(sent): Json<StepsSent>,
) -> Result<Json<CourseProgress>, ApiError> {
    let Some(course) = course_steps(&game) else {
        return Err(ApiError::not_found(msg!("no-course-for-game", game)));
    };
    let steps = StepsDone::new(sent.steps, course)?;
    let steps = hub.record_learn_progress(&account.id, &game, steps).await?;
    Ok(Json(CourseProgress {
        game,
        steps,
        course,
    }))
}
