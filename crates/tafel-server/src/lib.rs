//! `tafel serve`: play every Tafel game in the browser, at one screen, online through
//! invitation links, or against the computer.
//!
//! The server in layers that import one way only (checked by `tests/server/layers.rs`):
//!
//! - [`http`]: routes, the API and its OpenAPI document, WebSockets, pages, the guard, rate
//!   limits, the listener, and the one error type with status codes; it calls [`play`];
//! - [`play`]: games in play (the hub), one unit an action or concern: memory, viewers,
//!   moves, seats, consent, clocks, the computer's turns, other instances, analyses;
//! - [`compute`]: long computations on the bounded search pool (the computer's moves,
//!   analyses and hints, solution tables), called by play, never calling it;
//! - [`store`]: games and moves in SQLite or PostgreSQL through sqlx, with migrations, the
//!   group commit, leases, listening, export and copy; it imports the domain only;
//! - [`domain`]: the game being played, pure (no HTTP, no database, no sockets);
//! - [`config`], [`public_url`], [`proxies`] and [`tls`]: what `tafel serve` is told.
//!
//! This file wires them together ([`app`], [`start`]). `docs/architecture.md` draws the layers.
//!
//! The limits, their defaults and what the server guarantees are in `docs/reliability.md`.

pub mod compute;
pub mod config;
pub mod domain;
pub mod http;
pub mod play;
pub mod proxies;
pub mod public_url;
pub mod store;
pub mod tls;

use std::net::SocketAddr;
use std::sync::Arc;

use anyhow::{Context, Result};
use axum::Router;

pub use config::{Config, Limits};
pub use http::{openapi, router, AppState, MAX_BODY};

use crate::compute::review::AnalysisBudget;
use crate::domain::instance::Contact;
use crate::domain::tournament::TournamentLimits;
use crate::http::api::puzzles::PuzzleRates;
use crate::http::drain::{Drain, DrainTimes, Phase};
use crate::http::forward::Forwarding;
use crate::http::guard::Origins;
use crate::http::listener::{self, ConnectionLimits};
use crate::http::metrics::Metrics;
use crate::http::rate::{AccountRates, ChatRates, RateLimiter};
use crate::http::session::CookiePolicy;
use crate::http::tls as edge;
use crate::http::ws::Sockets;
use crate::play::accounts::{AccountLimits, Accounts};
use crate::play::bots::{BotLimits, Bots};
use crate::play::challenges::{ChallengeLimits, Challenges};
use crate::play::follows::Follows;
use crate::play::lobby::Lobby;
use crate::play::mailer::Mailer;
use crate::play::moderation::{Moderation, ModerationLimits};
use crate::play::puzzles::Puzzles;
use crate::play::recovery::Recovery;
use crate::play::tournaments::Tournaments;
use crate::play::{Hub, HubLimits, SILENCE};
use crate::store::Store;

/// A running server.
pub struct Server {
    /// The address it listens on.
    pub addr: SocketAddr,
    /// The games (for tests and measurements: what is in memory, what the computer did).
    pub hub: Arc<Hub>,
    /// Where `/metrics` is served (`Config::metrics_listen`), if anywhere.
    pub metrics_addr: Option<SocketAddr>,
    /// The task accepting connections; it runs until the process ends, the task is aborted
    /// (connections already open then finish on their own) or the server drains.
    pub task: tokio::task::JoinHandle<()>,
    /// Whether the server is stopping.
    drain: Drain,
}

impl Server {
    /// Stops accepting connections and stops the games' background tasks (the heartbeat in
    /// the store, the clocks' keeper): as a server that went away. Connections already open
    /// finish on their own.
    pub fn stop(self) {
        self.task.abort();
        self.hub.stop();
    }

    /// Stops without losing anything (on SIGTERM or Ctrl-C; `http::drain`): unready at once,
    /// WebSockets told to reconnect, the computer's games left to other instances; after the
    /// drain delay no new connections, and the requests under way finished (waited for at
    /// most the drain timeout).
    pub async fn drain(self) {
        let started = std::time::Instant::now();
        self.drain.enter(Phase::Draining);
        self.hub.leave().await;
        tokio::time::sleep(self.drain.times.delay).await;
        self.drain.enter(Phase::Closing);
        let _ = self.task.await;
        tracing::info!("drained in {:.2} s", started.elapsed().as_secs_f64());
    }
}

/// The routes and the games for `config`, without a listener (tests drive the router
/// in-process; [`start`] serves it).
pub async fn app(config: &Config) -> Result<(Router, Arc<Hub>)> {
    let built = build(config).await?;
    Ok((built.router, built.hub))
}

/// What [`build`] makes of a configuration.
struct Built {
    router: Router,
    hub: Arc<Hub>,
    drain: Drain,
    metrics: Arc<Metrics>,
    /// The token requests forwarded here show ([`http::forward`]).
    forward_token: String,
}

/// The routes, the games, the server's phase and its metrics for `config`.
async fn build(config: &Config) -> Result<Built> {
    let limits = &config.limits;
    let store = Store::open_on(&config.database, config.timeline.clone()).await?;
    let changes = store.listen().await?;
    let silence = SILENCE.as_millis() as i64;
    if let Some(down) = store
        .credit_downtime(store.now_ms(), silence)
        .await
        .context("cannot read when the server was last alive")?
    {
        tracing::info!(
            "no server was alive for {:.1} s: that time is not charged to running clocks",
            down as f64 / 1000.0
        );
    }
    let accounts = Accounts::new(
        store.clone(),
        AccountLimits {
            hashes_at_once: limits.password_checks,
            hashes_waiting: limits.password_checks_waiting,
        },
    );
    let recovery = Recovery::new(store.clone(), accounts.clone(), mailer(config)?);
    let seeks_store = store.clone();
    let tournaments_store = store.clone();
    let moderation_store = store.clone();
    let puzzles = Puzzles::new(store.clone());
    if config.shipped_puzzles {
        load_puzzles(&puzzles).await?;
    }
    let hub = Hub::new(
        store,
        HubLimits {
            games_in_memory: limits.games_in_memory,
            game_idle: limits.game_idle,
            searches: limits.searches,
            search_queue: limits.search_queue,
            analysis: AnalysisBudget {
                work: limits.analysis_work,
                time: limits.analysis_time,
            },
            analyses_per_address: limits.analyses_per_address,
            unattended_per_address: limits.unattended_per_address,
            abort_after: limits.abort_after,
            chat_messages_per_room: limits.chat_messages_per_room,
        },
    );
    if let Some(changes) = changes {
        hub.follow(changes);
    }
    // Seats of accounts deleted while a server stopped midway are forgotten now.
    hub.forget_deleted_accounts();
    let remembered = limits.rate_limited_addresses;
    let forward_token = format!("{:032x}", rand::random::<u128>());
    let drain = Drain::new(DrainTimes {
        delay: limits.drain_delay,
        timeout: limits.drain_timeout,
    });
    let sockets = Arc::new(Sockets::new(
        limits.max_websockets,
        limits.ws_ping,
        drain.clone(),
    ));
    let metrics = Arc::new(
        Metrics::new(hub.clone(), sockets.clone(), drain.clone())
            .context("cannot register the metrics")?,
    );
    let challenges = Challenges::new(
        hub.clone(),
        ChallengeLimits {
            sent: limits.challenges_per_person,
            waiting: limits.challenges_waiting,
        },
    );
    let state = AppState {
        hub: hub.clone(),
        sockets,
        drain: drain.clone(),
        metrics: metrics.clone(),
        creations: Arc::new(RateLimiter::new(
            limits.games_per_minute,
            limits.games_burst,
            remembered,
        )),
        account_rates: Arc::new(AccountRates {
            sign_ins_per_address: RateLimiter::new(
                limits.sign_ins_per_minute,
                limits.sign_ins_burst,
                remembered,
            ),
            sign_ins_per_account: RateLimiter::new(
                limits.account_sign_ins_per_minute,
                limits.account_sign_ins_burst,
                remembered,
            ),
            unknown_devices_per_account: RateLimiter::new(
                limits.account_sign_ins_per_minute,
                limits.account_sign_ins_slow_after,
                remembered,
            ),
            sign_ins_per_device: RateLimiter::new(
                limits.account_sign_ins_per_minute,
                limits.account_sign_ins_burst,
                remembered,
            ),
            password_checks_per_session: RateLimiter::new(
                limits.account_sign_ins_per_minute,
                limits.account_sign_ins_burst,
                remembered,
            ),
            sign_ups_per_address: RateLimiter::new(
                limits.sign_ups_per_minute,
                limits.sign_ups_burst,
                remembered,
            ),
            recoveries_per_address: RateLimiter::new(
                limits.recoveries_per_minute,
                limits.recoveries_burst,
                remembered,
            ),
        }),
        chat_rates: Arc::new(ChatRates(RateLimiter::new(
            limits.chat_per_minute,
            limits.chat_burst,
            remembered,
        ))),
        puzzles,
        puzzle_rates: Arc::new(PuzzleRates(RateLimiter::new(
            limits.puzzle_moves_per_minute,
            limits.puzzle_moves_burst,
            remembered,
        ))),
        origins: Arc::new(Origins::new(config.public_urls.clone(), config.listen.ip())),
        proxies: Arc::new(config.trusted_proxies.clone()),
        accounts,
        recovery,
        lobby: Arc::new(Lobby::new(
            hub.clone(),
            seeks_store,
            limits.seeks_per_person,
        )),
        bots: Bots::new(
            hub.clone(),
            challenges.clone(),
            BotLimits {
                streams: limits.bot_streams,
            },
        ),
        challenges,
        follows: Follows::new(hub.clone(), limits.follows_per_account),
        moderation: Moderation::new(
            hub.clone(),
            moderation_store,
            ModerationLimits {
                open_reports: limits.open_reports_per_account,
                blocks: limits.blocks_per_account,
            },
        ),
        tournaments: Tournaments::new(
            hub.clone(),
            tournaments_store,
            TournamentLimits {
                entrants: limits.tournament_entrants,
                open_per_account: limits.tournaments_per_account,
                no_show: limits.tournament_no_show,
                chat_messages: limits.chat_messages_per_room,
            },
        ),
        forwarding: Arc::new(Forwarding::new(
            forward_token.clone(),
            limits.request_timeout,
        )),
        cookies: CookiePolicy {
            secure: config.tls.is_some() || config.public_urls.iter().any(|url| url.is_https()),
        },
    };
    Ok(Built {
        router: router(state, limits.request_timeout),
        hub,
        drain,
        metrics,
        forward_token,
    })
}

/// Adds the shipped puzzles the store does not have yet, and writes again those it has with
/// other contents (`data/puzzles/*.jsonl`, embedded at compile time: [`play::puzzles`]); a
/// line refused is logged and skipped.
async fn load_puzzles(puzzles: &Puzzles) -> Result<()> {
    let loaded = puzzles
        .load_shipped()
        .await
        .map_err(|e| anyhow::anyhow!("cannot load the shipped puzzles: {}", e.message))?;
    for refused in &loaded.refused {
        tracing::warn!("a shipped puzzle is refused: {refused}");
    }
    if loaded.added > 0 || loaded.changed > 0 {
        tracing::info!(
            "{} new puzzles loaded and {} changed ones written again of {} shipped",
            loaded.added,
            loaded.changed,
            loaded.read
        );
    }
    Ok(())
}

/// The mailer `config` asks for, if any: its links point at the first public URL, which it
/// needs.
fn mailer(config: &Config) -> Result<Option<Mailer>> {
    let Some(mail) = &config.mail else {
        return Ok(None);
    };
    let origin = config
        .public_urls
        .first()
        .context("--smtp needs --public-url: the links in mails point there")?
        .origin();
    Mailer::new(&mail.smtp.0, &mail.from, origin)
        .map(Some)
        .map_err(anyhow::Error::msg)
}

/// Opens the database, starts serving, and resumes in the background the games whose
/// computer seat is to move.
pub async fn start(config: &Config) -> Result<Server> {
    let limits = &config.limits;
    let Built {
        router: app,
        hub,
        drain,
        metrics,
        forward_token,
    } = build(config).await?;
    let metrics_addr = match config.metrics_listen {
        Some(address) => Some(serve_metrics(address, metrics).await?),
        None => None,
    };
    let listener = tokio::net::TcpListener::bind(config.listen)
        .await
        .with_context(|| format!("cannot listen on {}", config.listen))?;
    let addr = listener.local_addr()?;
    advertise(config, addr, &hub, forward_token).await;
    let connection_limits = ConnectionLimits {
        header_timeout: limits.header_timeout,
        idle_timeout: limits.idle_timeout,
        max_connections: connections_within_file_limit(limits.max_connections),
        max_per_address: limits.max_connections_per_address,
    };
    let proxies = Arc::new(config.trusted_proxies.clone());
    let task = match &config.tls {
        None => tokio::spawn(listener::serve(
            listener,
            app,
            connection_limits,
            proxies,
            drain.clone(),
            None,
        )),
        Some(settings) => {
            let edge =
                edge::start(settings, addr.port(), &connection_limits, &proxies, &drain).await?;
            let serving = listener::serve(
                listener,
                edge::with_hsts(app),
                connection_limits,
                proxies,
                drain.clone(),
                Some(edge.acceptor),
            );
            tokio::spawn(async move {
                tokio::join!(serving, edge.background);
            })
        }
    };
    hub.resume();
    Ok(Server {
        addr,
        hub,
        metrics_addr,
        task,
        drain,
    })
}

/// Publishes where the other instances on a shared database reach this one (bound at
/// `addr`), so that they forward the requests of its games here: `--instance-url`, else the
/// address listened on when it is one address and plain HTTP.
async fn advertise(config: &Config, addr: SocketAddr, hub: &Hub, token: String) {
    if !hub.store().is_shared() {
        return;
    }
    let address = config.instance_url.clone().or_else(|| {
        (config.tls.is_none() && !addr.ip().is_unspecified()).then(|| format!("http://{addr}"))
    });
    match address {
        Some(address) => hub.advertise(Contact { address, token }).await,
        None => tracing::warn!(
            "no --instance-url: the other instances cannot forward this one's games' requests \
             here, and work on their own copies instead"
        ),
    }
}

/// Serves `/metrics` on `address` until the process ends; returns the address bound.
async fn serve_metrics(address: SocketAddr, metrics: Arc<Metrics>) -> Result<SocketAddr> {
    let listener = tokio::net::TcpListener::bind(address)
        .await
        .with_context(|| format!("cannot listen for metrics on {address}"))?;
    let bound = listener.local_addr()?;
    tokio::spawn(async move {
        if let Err(e) = axum::serve(listener, http::metrics::router(metrics)).await {
            tracing::error!("the metrics listener stopped: {e}");
        }
    });
    Ok(bound)
}

/// File descriptors kept for everything but client connections (database, listener,
/// refusals being written, logs).
const RESERVED_FILES: u64 = 256;

/// `wanted` connections, or fewer if the open-file limit (raised as far as allowed) cannot
/// hold them, with a warning.
fn connections_within_file_limit(wanted: usize) -> usize {
    let limit = listener::raise_open_file_limit(wanted as u64 + RESERVED_FILES);
    let room = limit.saturating_sub(RESERVED_FILES).max(1);
    if (wanted as u64) > room {
        tracing::warn!(
            "the open-file limit ({limit}) allows {room} connections, not {wanted}; raise it \
             (ulimit -n) to allow more"
        );
        room as usize
    } else {
        wanted
    }
}
