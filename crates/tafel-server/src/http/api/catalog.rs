//! The catalogue: the games, their seats under given settings, and the computer's levels.

use std::collections::BTreeMap;

use axum::extract::{Path, Query};
use axum::Json;
use serde::Serialize;
use tafel_core::settings::SettingSpec;
use tafel_core::Player;
use utoipa::ToSchema;

use super::tags;
use crate::compute::computer::{level_notice, max_level};
use crate::domain::{catalogue, game_texts};
use crate::http::error::{ApiError, ErrorBody};
use crate::http::language::Language;
use crate::http::web::tagline;

/// The catalogue: every game with its settings and its computer's strongest level; the tagline.
/// The games' texts are in the request's language (`domain::game_texts`): each setting's
/// `label`, `help` and `allowed`, and `words`, each choice's words by its value.
#[utoipa::path(get, path = "/api/catalog", tag = tags::CATALOG,
    responses((status = 200, description = "Every game (`games`: name, title, summary, settings (key, label, default, allowed values, each choice's `words`, origin) and the strongest computer level) and the site's tagline counting them (`tagline`), in the request's language", body = Object)))]
pub async fn catalog(language: Language) -> Json<serde_json::Value> {
    let registry = tafel_games::registry();
    let games: Vec<_> = registry
        .entries()
        .iter()
        .map(|e| {
            let name = e.info.name;
            let settings: Vec<_> = e
                .specs
                .iter()
                .map(|spec| setting(name, spec, language))
                .collect();
            serde_json::json!({
                "name": name, "title": e.info.title,
                "summary": game_texts::summary(name, language), "settings": settings,
                "max_level": max_level(name),
            })
        })
        .collect();
    Json(serde_json::json!({ "games": games, "tagline": tagline() }))
}

/// A setting of `game` as the catalogue lists it, its words in `language`.
fn setting(game: &str, spec: &SettingSpec, language: Language) -> serde_json::Value {
    let mut value = serde_json::to_value(spec).unwrap_or_default();
    let words: serde_json::Map<String, serde_json::Value> = game_texts::choices(spec)
        .into_iter()
        .map(|v| {
            (
                v.to_string(),
                game_texts::choice(game, spec.key, v, language).into(),
            )
        })
        .collect();
    if let Some(fields) = value.as_object_mut() {
        fields.insert(
            "label".into(),
            game_texts::label(game, spec, language).into(),
        );
        fields.insert("help".into(), game_texts::help(game, spec, language).into());
        fields.insert(
            "allowed".into(),
            game_texts::allowed(game, spec, language).into(),
        );
        fields.insert("words".into(), words.into());
    }
    value
}

/// The seats a game has under the given settings (query string `key=value` pairs).
#[utoipa::path(get, path = "/api/catalog/{game}/seats", tag = tags::CATALOG,
    params(("game" = String, Path, description = "The game's name, e.g. `karls-race`"),
           ("settings" = Object, Query, style = Form, explode, description = "The settings as `key=value` pairs")),
    responses((status = 200, description = "The seats' names in turn order", body = Vec<String>),
              (status = 400, description = "Invalid settings", body = ErrorBody),
              (status = 404, description = "No such game", body = ErrorBody)))]
pub async fn seats(
    Path(game): Path<String>,
    Query(settings): Query<BTreeMap<String, String>>,
) -> Result<Json<Vec<&'static str>>, ApiError> {
    let registry = tafel_games::registry();
    let entry = registry.get(&game).map_err(ApiError::not_found)?;
    let pairs: Vec<(String, String)> = settings.into_iter().collect();
    let rules = entry.build(&pairs).map_err(ApiError::bad_request)?;
    Ok(Json(
        (0..rules.num_players())
            .map(|p| rules.player_name(Player(p as u8)))
            .collect(),
    ))
}

/// One computer level of a game under given settings.
#[derive(Serialize, ToSchema)]
pub struct LevelView {
    /// The level, from 1.
    level: u8,
    /// Why the level cannot play as it says (a solved table is missing, and how to build it),
    /// in the request's language, or `None`.
    notice: Option<String>,
}

/// The computer's levels of a game under the given settings (query string `key=value` pairs),
/// each with the reason it cannot play as it says, if any.
#[utoipa::path(get, path = "/api/catalog/{game}/levels", tag = tags::CATALOG,
    params(("game" = String, Path, description = "The game's name"),
           ("settings" = Object, Query, style = Form, explode, description = "The settings as `key=value` pairs")),
    responses((status = 200, description = "The levels", body = Vec<LevelView>),
              (status = 400, description = "Invalid settings", body = ErrorBody),
              (status = 404, description = "No such game", body = ErrorBody)))]
pub async fn levels(
    language: Language,
    Path(game): Path<String>,
    Query(settings): Query<BTreeMap<String, String>>,
) -> Result<Json<Vec<LevelView>>, ApiError> {
    let registry = tafel_games::registry();
    let entry = registry.get(&game).map_err(ApiError::not_found)?;
    let pairs: Vec<(String, String)> = settings.into_iter().collect();
    let rules = entry.build(&pairs).map_err(ApiError::bad_request)?;
    let levels = (1..=max_level(entry.info.name))
        .map(|level| {
            let notice = level_notice(rules.as_ref(), level).map_err(ApiError::bad_request)?;
            let notice = notice.map(|n| catalogue::reason(&n, language));
            Ok(LevelView { level, notice })
        })
        .collect::<Result<_, ApiError>>()?;
    Ok(Json(levels))
}
