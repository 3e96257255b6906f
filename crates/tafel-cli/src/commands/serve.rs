//! `tafel serve`: the web server.

use std::io::IsTerminal;
use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

use anyhow::Result;
use tafel_server::config::{Mail, SmtpUrl};
use tafel_server::proxies::{ProxyNet, TrustedProxies};
use tafel_server::public_url::PublicUrl;
use tafel_server::Limits;

/// The limits' defaults: [`Limits::default`] is their one source, which the flags show.
static DEFAULTS: std::sync::LazyLock<Limits> = std::sync::LazyLock::new(Limits::default);

/// Arguments of `tafel serve`. Every limit has a flag; the defaults suit a club's server on
/// one machine (docs/reliability.md says why).
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The address to listen on (loopback by default: only this machine can connect).
    #[arg(long, default_value = "127.0.0.1")]
    host: IpAddr,
    /// The port (0 picks a free one).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// Where games are stored: an SQLite URL (`sqlite://PATH`, created on first run), or a
    /// PostgreSQL one (`postgres://USER@HOST/DB`), which several instances may share.
    #[arg(long, default_value = "sqlite://tafel.db")]
    database: String,
    /// An address people reach the server by, e.g. `https://games.example.org` (repeatable, or
    /// a comma list). Requests for other hosts, and changes or WebSockets from pages of other
    /// origins, are refused; loopback and the listening address are always accepted.
    #[arg(long = "public-url", value_delimiter = ',', value_name = "URL")]
    public_urls: Vec<PublicUrl>,
    /// Reverse proxies (addresses or CIDR networks, e.g. `127.0.0.1,10.0.0.0/8`; repeatable,
    /// or a comma list) whose `X-Forwarded-For` (else `Forwarded`) names the client: the
    /// rightmost address there that is not a trusted proxy counts for every per-address limit
    /// and the log. From other peers these headers are ignored. None by default, loopback
    /// included; a trusted proxy's connections are not limited per address.
    #[arg(long = "trusted-proxies", value_delimiter = ',', value_name = "CIDR")]
    trusted_proxies: Vec<ProxyNet>,
    /// Where the other instances on a shared PostgreSQL reach this one, e.g.
    /// `http://10.0.0.5:8080` (plain HTTP over the instances' own network): they send the
    /// requests of the games this instance owns here. By default the address listened on,
    /// when it is one address (not 0.0.0.0 or ::) and TLS is not served; list the instances
    /// in each other's `--trusted-proxies` so that the client's address travels along.
    #[arg(long, value_name = "URL")]
    instance_url: Option<String>,
    /// HTTPS of its own.
    #[command(flatten)]
    tls: crate::commands::serve_tls::TlsArgs,
    /// The mail relay, as a URL: `smtps://USER:PASS@HOST:465`, `smtp://HOST:587?tls=required`,
    /// or `smtp://HOST:PORT` unencrypted (a relay on this machine). With it, accounts may give
    /// an e-mail address and reset a forgotten password by mail; it needs `--public-url` and
    /// `--mail-from`. Without it, `tafel account reset-password` makes reset links.
    #[arg(long, value_name = "URL", requires = "mail_from")]
    smtp: Option<String>,
    /// Who mails are from: `games@example.org` or `"Tafel <games@example.org>"`.
    #[arg(long, value_name = "ADDRESS", requires = "smtp")]
    mail_from: Option<String>,
    /// Seconds a connection has to send a request's headers (also how long an idle
    /// keep-alive connection stays open).
    #[arg(long, default_value_t = DEFAULTS.header_timeout.as_secs_f64(), value_name = "SECONDS")]
    header_timeout: f64,
    /// Seconds without any traffic after which a connection is closed.
    #[arg(long, default_value_t = DEFAULTS.idle_timeout.as_secs_f64(), value_name = "SECONDS")]
    idle_timeout: f64,
    /// Seconds a request may take to arrive and be answered (408 after).
    #[arg(long, default_value_t = DEFAULTS.request_timeout.as_secs_f64(), value_name = "SECONDS")]
    request_timeout: f64,
    /// Open connections at most, WebSockets included (lowered to what the open-file limit
    /// allows).
    #[arg(long, default_value_t = DEFAULTS.max_connections)]
    max_connections: usize,
    /// Open connections from one client address at most (an IPv6 /64 is one address).
    #[arg(long, default_value_t = DEFAULTS.max_connections_per_address)]
    max_connections_per_address: usize,
    /// Open WebSockets at most.
    #[arg(long, default_value_t = DEFAULTS.max_websockets)]
    max_websockets: usize,
    /// Seconds of silence after which a WebSocket is pinged (and closed if the ping goes
    /// unanswered as long again).
    #[arg(long, default_value_t = DEFAULTS.ws_ping.as_secs_f64(), value_name = "SECONDS")]
    ws_ping: f64,
    /// Computer searches running at once in each lane of the search pool (default: the
    /// number of cores).
    #[arg(long)]
    searches: Option<usize>,
    /// Computer searches that may wait for a free thread.
    #[arg(long, default_value_t = DEFAULTS.search_queue)]
    search_queue: usize,
    /// Search per position of a game's analysis: nodes (iterations for MCTS).
    #[arg(long, default_value_t = DEFAULTS.analysis_work)]
    analysis_work: u64,
    /// Seconds of search per position of a game's analysis at most.
    #[arg(long, default_value_t = DEFAULTS.analysis_time.as_secs_f64(), value_name = "SECONDS")]
    analysis_time: f64,
    /// Analyses one client address may have under way at once.
    #[arg(long, default_value_t = DEFAULTS.analyses_per_address)]
    analyses_per_address: usize,
    /// Games without a person (the computer against itself) one client address may have
    /// running at once.
    #[arg(long, default_value_t = DEFAULTS.unattended_per_address)]
    unattended_per_address: usize,
    /// Passwords hashed or checked at once at most (each takes about 19 MiB and a core).
    #[arg(long, default_value_t = DEFAULTS.password_checks)]
    password_checks: usize,
    /// Sign-ups and sign-ins that may wait for a password check (more are refused as busy).
    #[arg(long, default_value_t = DEFAULTS.password_checks_waiting)]
    password_checks_waiting: usize,
    /// Seeks one person in the lobby may list at once.
    #[arg(long, default_value_t = DEFAULTS.seeks_per_person)]
    seeks_per_person: usize,
    /// Start Tafel's own levels as bot accounts (`tafel-level-1` and up), playing through the
    /// bot API like any bot (docs/bots.md).
    #[arg(long)]
    bots: bool,
    /// Games each of the server's own bots plays at once (with `--bots`).
    #[arg(long, default_value_t = 4)]
    bot_games: usize,
    /// Streams (events and games) one bot may have open at once.
    #[arg(long, default_value_t = DEFAULTS.bot_streams)]
    bot_streams: usize,
    /// Challenges (of people or bots) one account may have sent and waiting for an answer at
    /// once.
    #[arg(long, default_value_t = DEFAULTS.challenges_per_person)]
    challenges_per_person: usize,
    /// Challenges one account, a person or a bot, may have waiting for its answer at once.
    #[arg(long, default_value_t = DEFAULTS.challenges_waiting)]
    challenges_waiting: usize,
    /// Players one account may follow.
    #[arg(long, default_value_t = DEFAULTS.follows_per_account)]
    follows_per_account: usize,
    /// Moves of puzzle attempts one client address may have judged per minute (0: no limit).
    #[arg(long, default_value_t = DEFAULTS.puzzle_moves_per_minute)]
    puzzle_moves_per_minute: u32,
    /// Moves of puzzle attempts one client address may have judged in a burst.
    #[arg(long, default_value_t = DEFAULTS.puzzle_moves_burst)]
    puzzle_moves_burst: u32,
    /// Reports one account may have waiting for a moderator at once.
    #[arg(long, default_value_t = DEFAULTS.open_reports_per_account)]
    open_reports_per_account: usize,
    /// Players one account may block.
    #[arg(long, default_value_t = DEFAULTS.blocks_per_account)]
    blocks_per_account: usize,
    /// Seconds a seat of a rated game has for its first move before the game is aborted
    /// (0: never).
    #[arg(long, default_value_t = DEFAULTS.abort_after.as_secs_f64(), value_name = "SECONDS")]
    abort_after: f64,
    /// Entrants one tournament may have at most.
    #[arg(long, default_value_t = DEFAULTS.tournament_entrants)]
    tournament_entrants: usize,
    /// Tournaments one account may organise that are open for entries or running at once.
    #[arg(long, default_value_t = DEFAULTS.tournaments_per_account)]
    tournaments_per_account: usize,
    /// Seconds a paired tournament player has for a first move, from when their clock
    /// starts, before the game is forfeited (0: never; the clock still ends it).
    #[arg(long, default_value_t = DEFAULTS.tournament_no_show.as_secs_f64(), value_name = "SECONDS")]
    tournament_no_show: f64,
    /// Games kept in memory at most (the least recently used leave first; they come back
    /// from the database when asked for).
    #[arg(long, default_value_t = DEFAULTS.games_in_memory)]
    games_in_memory: usize,
    /// Seconds after which a game nobody asked for leaves memory.
    #[arg(long, default_value_t = DEFAULTS.game_idle.as_secs_f64(), value_name = "SECONDS")]
    game_idle: f64,
    /// Games one client address may create or import per minute, on average (0: no limit).
    #[arg(long, default_value_t = DEFAULTS.games_per_minute)]
    games_per_minute: u32,
    /// Games one client address may create or import at once before the per-minute rate
    /// applies.
    #[arg(long, default_value_t = DEFAULTS.games_burst)]
    games_burst: u32,
    /// Sign-in attempts one client address may make per minute, on average (0: no limit).
    #[arg(long, default_value_t = DEFAULTS.sign_ins_per_minute)]
    sign_ins_per_minute: u32,
    /// Sign-in attempts one client address may make at once before the per-minute rate
    /// applies.
    #[arg(long, default_value_t = DEFAULTS.sign_ins_burst)]
    sign_ins_burst: u32,
    /// Sign-in attempts per minute for one account, on average, from one address or from one
    /// device the account knows (and password checks per session) (0: no limit).
    #[arg(long, default_value_t = DEFAULTS.account_sign_ins_per_minute)]
    account_sign_ins_per_minute: u32,
    /// Sign-in attempts for one account at once, from one address or one known device,
    /// before the per-minute rate applies.
    #[arg(long, default_value_t = DEFAULTS.account_sign_ins_burst)]
    account_sign_ins_burst: u32,
    /// Sign-in attempts for one account from devices it does not know, all addresses
    /// together, before each further one is slowed by 3 s (never refused).
    #[arg(long, default_value_t = DEFAULTS.account_sign_ins_slow_after)]
    account_sign_ins_slow_after: u32,
    /// Accounts one client address may sign up per minute, on average (0: no limit).
    #[arg(long, default_value_t = DEFAULTS.sign_ups_per_minute)]
    sign_ups_per_minute: u32,
    /// Accounts one client address may sign up at once before the per-minute rate applies.
    #[arg(long, default_value_t = DEFAULTS.sign_ups_burst)]
    sign_ups_burst: u32,
    /// Password resets one client address may ask for or do per minute, on average (0: no
    /// limit).
    #[arg(long, default_value_t = DEFAULTS.recoveries_per_minute)]
    recoveries_per_minute: u32,
    /// Password resets one client address may ask for or do at once before the per-minute
    /// rate applies.
    #[arg(long, default_value_t = DEFAULTS.recoveries_burst)]
    recoveries_burst: u32,
    /// Chat messages one writer (an account, or a seat played without one) may send per
    /// minute, on average (0: no limit).
    #[arg(long, default_value_t = DEFAULTS.chat_per_minute)]
    chat_per_minute: u32,
    /// Chat messages one writer may send at once before the per-minute rate applies.
    #[arg(long, default_value_t = DEFAULTS.chat_burst)]
    chat_burst: u32,
    /// Messages each of a game's two chat rooms (players', spectators') holds at most.
    #[arg(long, default_value_t = DEFAULTS.chat_messages_per_room)]
    chat_messages_per_room: usize,
    /// Serve `/metrics` (Prometheus's text format) on this address only, e.g.
    /// `127.0.0.1:9464`; the public listener never serves it. Off by default.
    #[arg(long, value_name = "ADDR")]
    metrics_listen: Option<SocketAddr>,
    /// The log's format: `text` (lines for people) or `json` (one JSON object a line, with
    /// the request's id, method, path and client in each line logged while serving it).
    #[arg(long, value_enum, default_value_t = LogFormat::Text)]
    log_format: LogFormat,
    /// Log a line for every answered request (its status and time), in the request's span.
    #[arg(long)]
    access_log: bool,
    /// When stopping (SIGTERM, Ctrl-C): seconds the server reports itself unready on
    /// `/readyz` (WebSockets already told to reconnect) before it stops accepting connections,
    /// so that a load balancer checking it sends its traffic elsewhere first.
    #[arg(long, default_value_t = DEFAULTS.drain_delay.as_secs_f64(), value_name = "SECONDS")]
    drain_delay: f64,
    /// When stopping: seconds the requests under way are waited for at most.
    #[arg(long, default_value_t = DEFAULTS.drain_timeout.as_secs_f64(), value_name = "SECONDS")]
    drain_timeout: f64,
    /// Build the solution tables that perfect levels lack (Karl's Race level 6: about 200
    /// CPU-seconds, 2.3 GB of memory and of disk, in `$TAFEL_DATA` or the current directory)
    /// in the background, with progress in the log; the level plays perfectly once its table
    /// is written.
    #[arg(long)]
    build_tables: bool,
    /// Worker threads for `--build-tables` (they run at a lower priority than requests).
    #[arg(long, default_value_t = 1, requires = "build_tables")]
    table_threads: usize,
}

impl Args {
    fn limits(&self) -> Result<Limits> {
        let seconds = |name: &str, value: f64| -> Result<Duration> {
            Duration::try_from_secs_f64(value)
                .ok()
                .filter(|d| !d.is_zero())
                .ok_or_else(|| anyhow::anyhow!("--{name} must be a positive number of seconds"))
        };
        let defaults = Limits::default();
        Ok(Limits {
            header_timeout: seconds("header-timeout", self.header_timeout)?,
            idle_timeout: seconds("idle-timeout", self.idle_timeout)?,
            request_timeout: seconds("request-timeout", self.request_timeout)?,
            max_connections: positive("max-connections", self.max_connections)?,
            max_connections_per_address: positive(
                "max-connections-per-address",
                self.max_connections_per_address,
            )?,
            max_websockets: positive("max-websockets", self.max_websockets)?,
            ws_ping: seconds("ws-ping", self.ws_ping)?,
            searches: positive("searches", self.searches.unwrap_or(defaults.searches))?,
            search_queue: positive("search-queue", self.search_queue)?,
            analysis_work: self.analysis_work.max(1),
            analysis_time: seconds("analysis-time", self.analysis_time)?,
            analyses_per_address: positive("analyses-per-address", self.analyses_per_address)?,
            unattended_per_address: positive(
                "unattended-per-address",
                self.unattended_per_address,
            )?,
            games_in_memory: positive("games-in-memory", self.games_in_memory)?,
            game_idle: seconds("game-idle", self.game_idle)?,
            games_per_minute: self.games_per_minute,
            games_burst: self.games_burst.max(1),
            sign_ins_per_minute: self.sign_ins_per_minute,
            sign_ins_burst: self.sign_ins_burst.max(1),
            account_sign_ins_per_minute: self.account_sign_ins_per_minute,
            account_sign_ins_burst: self.account_sign_ins_burst.max(1),
            account_sign_ins_slow_after: self.account_sign_ins_slow_after.max(1),
            sign_ups_per_minute: self.sign_ups_per_minute,
            sign_ups_burst: self.sign_ups_burst.max(1),
            recoveries_per_minute: self.recoveries_per_minute,
            recoveries_burst: self.recoveries_burst.max(1),
            password_checks: positive("password-checks", self.password_checks)?,
            password_checks_waiting: self.password_checks_waiting,
            seeks_per_person: positive("seeks-per-person", self.seeks_per_person)?,
            bot_streams: positive("bot-streams", self.bot_streams)?,
            challenges_per_person: positive("challenges-per-person", self.challenges_per_person)?,
            challenges_waiting: positive("challenges-waiting", self.challenges_waiting)?,
            follows_per_account: positive("follows-per-account", self.follows_per_account)?,
            puzzle_moves_per_minute: self.puzzle_moves_per_minute,
            puzzle_moves_burst: self.puzzle_moves_burst.max(1),
            open_reports_per_account: positive(
                "open-reports-per-account",
                self.open_reports_per_account,
            )?,
            blocks_per_account: positive("blocks-per-account", self.blocks_per_account)?,
            chat_per_minute: self.chat_per_minute,
            chat_burst: self.chat_burst.max(1),
            chat_messages_per_room: positive(
                "chat-messages-per-room",
                self.chat_messages_per_room,
            )?,
            abort_after: Duration::try_from_secs_f64(self.abort_after).map_err(|_| {
                anyhow::anyhow!("--abort-after must be a number of seconds, 0 or more")
            })?,
            tournament_entrants: self.tournament_entrants.max(2),
            tournaments_per_account: positive(
                "tournaments-per-account",
                self.tournaments_per_account,
            )?,
            tournament_no_show: Duration::try_from_secs_f64(self.tournament_no_show).map_err(
                |_| anyhow::anyhow!("--tournament-no-show must be a number of seconds, 0 or more"),
            )?,
            drain_delay: Duration::try_from_secs_f64(self.drain_delay).map_err(|_| {
                anyhow::anyhow!("--drain-delay must be a number of seconds, 0 or more")
            })?,
            drain_timeout: seconds("drain-timeout", self.drain_timeout)?,
            ..defaults
        })
    }
}

/// How the log is written.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum LogFormat {
    /// Lines for people.
    Text,
    /// One JSON object a line, with the span's fields (the request's id).
    Json,
}

/// Starts the log in `format`; the access log's lines only if `access_log`.
fn start_log(format: LogFormat, access_log: bool) {
    use tracing_subscriber::filter::{LevelFilter, Targets};
    use tracing_subscriber::layer::SubscriberExt;
    use tracing_subscriber::util::SubscriberInitExt;
    let access = if access_log {
        LevelFilter::INFO
    } else {
        LevelFilter::OFF
    };
    let filter = Targets::new()
        .with_default(LevelFilter::INFO)
        .with_target(tafel_server::http::ACCESS_LOG, access);
    let registry = tracing_subscriber::registry().with(filter);
    match format {
        // Colours only for a terminal: a log file or journal gets plain text.
        LogFormat::Text => registry
            .with(
                tracing_subscriber::fmt::layer()
                    .with_target(false)
                    .with_ansi(std::io::stdout().is_terminal()),
            )
            .init(),
        LogFormat::Json => registry
            .with(
                tracing_subscriber::fmt::layer()
                    .json()
                    .with_current_span(true)
                    .with_span_list(false),
            )
            .init(),
    }
}

/// Resolves at the first SIGTERM or Ctrl-C (SIGINT).
async fn stop_signal() -> Result<()> {
    let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())?;
    tokio::select! {
        _ = term.recv() => {}
        result = tokio::signal::ctrl_c() => result?,
    }
    Ok(())
}

fn positive(name: &str, value: usize) -> Result<usize> {
    if value == 0 {
        anyhow::bail!("--{name} must be at least 1");
    }
    Ok(value)
}

/// Serves until SIGTERM or Ctrl-C, then drains (`tafel_server::Server::drain`).
pub fn run(args: Args) -> Result<()> {
    start_log(args.log_format, args.access_log);
    let limits = args.limits()?;
    let tls = args.tls.tls()?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async {
        let config = tafel_server::Config {
            listen: SocketAddr::new(args.host, args.port),
            database: args.database,
            public_urls: args.public_urls,
            trusted_proxies: TrustedProxies::new(args.trusted_proxies),
            instance_url: args.instance_url,
            metrics_listen: args.metrics_listen,
            tls,
            mail: args.smtp.zip(args.mail_from).map(|(smtp, from)| Mail {
                smtp: SmtpUrl(smtp),
                from,
            }),
            limits,
            timeline: Default::default(), // the wall clock
            shipped_puzzles: true,
        };
        let server = tafel_server::start(&config).await?;
        let scheme = if config.tls.is_some() {
            "https"
        } else {
            "http"
        };
        println!(
            "Tafel is serving on {scheme}://{}/ (games are stored in {})",
            server.addr, config.database
        );
        if let Some(metrics) = server.metrics_addr {
            println!("metrics on http://{metrics}/metrics");
        }
        if args.bots {
            let games = positive("bot-games", args.bot_games)?;
            let names =
                crate::commands::bot::house::start(server.addr, server.hub.store(), games).await?;
            println!("bots playing: {}", names.join(", "));
        }
        if args.build_tables {
            let threads = positive("table-threads", args.table_threads)?;
            tafel_server::compute::solution_tables::build_in_background(
                tafel_server::compute::solution_tables::missing(),
                threads,
            );
        }
        stop_signal().await?;
        println!("stopping");
        server.drain().await;
        Ok(())
    })
}
