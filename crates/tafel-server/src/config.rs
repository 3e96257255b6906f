//! What `tafel serve` is told: where to listen, where the games are stored, the addresses it
//! answers for, and every limit that keeps one client from slowing the server down or filling
//! its memory. Each limit has a flag in `tafel serve`; the defaults and their reasons are
//! here and in `docs/reliability.md`.

use std::fmt;
use std::net::SocketAddr;
use std::time::Duration;

use crate::domain::clock::Timeline;
use crate::proxies::TrustedProxies;
use crate::public_url::PublicUrl;
use crate::tls::Tls;

/// Where to listen, where to keep the games, and the server's limits.
#[derive(Clone, Debug)]
pub struct Config {
    /// The address to listen on, e.g. `127.0.0.1:8080` (port 0 picks a free port).
    pub listen: SocketAddr,
    /// The database URL, e.g. `sqlite://tafel.db`.
    pub database: String,
    /// The addresses people reach the server by (`https://games.example.org`), besides
    /// loopback and the address it listens on: requests naming another host are refused, and
    /// pages from another origin may not change games or open their WebSockets.
    pub public_urls: Vec<PublicUrl>,
    /// The reverse proxies whose `X-Forwarded-For` or `Forwarded` names the client (none by
    /// default): the per-address limits count the client named there.
    pub trusted_proxies: TrustedProxies,
    /// Where the other instances on a shared database reach this one (`http://10.0.0.5:8080`),
    /// to forward the requests of the games it owns (`--instance-url`). By default the address
    /// it listens on, when that is one address (not `0.0.0.0` or `::`) and it serves plain
    /// HTTP; otherwise none, and no request is forwarded here.
    pub instance_url: Option<String>,
    /// Where `/metrics` is served, if anywhere: a listener of its own, so that the public one
    /// never shows it (`--metrics-listen`).
    pub metrics_listen: Option<SocketAddr>,
    /// HTTPS of its own (none by default: plain HTTP, or TLS in a proxy before it).
    pub tls: Option<Tls>,
    /// How to send mail (none by default: no e-mail addresses, the operator resets
    /// passwords).
    pub mail: Option<Mail>,
    /// The limits.
    pub limits: Limits,
    /// The time line the server reads: the wall clock (the default, and always in `tafel
    /// serve`), or one a test moves on by hand and shares between the servers it starts.
    pub timeline: Timeline,
    /// Whether the shipped puzzles (`data/puzzles/`) are added to the store at start: yes by
    /// default, and always in `tafel serve`; a test of its own puzzles alone says no.
    pub shipped_puzzles: bool,
}

impl Config {
    /// Listening on `listen` with the database at `database`, default limits, no public URL.
    pub fn new(listen: SocketAddr, database: impl Into<String>) -> Config {
        Config {
            listen,
            database: database.into(),
            public_urls: Vec::new(),
            trusted_proxies: TrustedProxies::default(),
            instance_url: None,
            metrics_listen: None,
            tls: None,
            mail: None,
            limits: Limits::default(),
            timeline: Timeline::default(),
            shipped_puzzles: true,
        }
    }
}

/// How the server sends mail (`--smtp`, `--mail-from`); its links point at the first
/// `--public-url`.
#[derive(Clone, Debug)]
pub struct Mail {
    /// The relay.
    pub smtp: SmtpUrl,
    /// Who mails are from: `Tafel <games@example.org>` or `games@example.org`.
    pub from: String,
}

/// The mail relay's URL (`--smtp`): `smtps://user:pass@host:465`,
/// `smtp://host:587?tls=required`, or `smtp://host:port` unencrypted (a relay on the same
/// machine). It may hold the relay's password, so it is never shown.
#[derive(Clone)]
pub struct SmtpUrl(pub String);

impl fmt::Debug for SmtpUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SmtpUrl(<not shown>)")
    }
}

/// Every limit the server enforces.
#[derive(Clone, Debug)]
pub struct Limits {
    /// A connection must send a request's headers within this long of opening or of the
    /// previous answer, or it is closed. Default 10 s: a browser sends its headers at once, so
    /// this only ends connections that stall (half-sent requests) or idle between requests.
    pub header_timeout: Duration,
    /// A connection on which nothing moves either way for this long is closed (slow request
    /// bodies, clients that stop reading). Default 60 s.
    pub idle_timeout: Duration,
    /// A request must be read and answered within this long (408 otherwise). Default 30 s.
    pub request_timeout: Duration,
    /// Open connections at most (WebSockets included); more are answered 503 and closed.
    /// Default 10,000, lowered at start to what the open-file limit allows.
    pub max_connections: usize,
    /// Open connections from one client address at most (an IPv6 /64 counts as one
    /// address). Default 512: a browser opens six, plus one WebSocket per game tab, so this
    /// leaves room for a club behind one NAT address while no single client can take the
    /// whole server.
    pub max_connections_per_address: usize,
    /// Open WebSockets at most (each also counts as a connection). Default 8,000.
    pub max_websockets: usize,
    /// A WebSocket is pinged after this long without a message, and closed if the ping is not
    /// answered within as long again (or a message to it cannot be sent). Default 30 s.
    pub ws_ping: Duration,
    /// Computer searches that run at once in each of the search pool's two lanes (people's
    /// replies and hints; games without a person and analyses, at the lowest priority).
    /// Default: the number of cores, so that people's searches use the machine without
    /// making each other (and the requests) wait for a core.
    pub searches: usize,
    /// Computer searches that may wait for a thread. Default 1,024; there is at most one per
    /// game, so this is reached only with that many computer games thinking at once.
    pub search_queue: usize,
    /// The search each position of a game's analysis gets at most: nodes (iterations for
    /// MCTS). Default 20,000: a few milliseconds to a few tenths of a second per position, so
    /// that a game of a hundred moves is analysed within about a minute of one thread, and
    /// analyses share the pool fairly with the computer's moves.
    pub analysis_work: u64,
    /// The time each position of an analysis gets at most. Default 0.5 s.
    pub analysis_time: Duration,
    /// Analyses one client address may have under way at once (more are answered 429).
    /// Default 2: one to read while the next is computed.
    pub analyses_per_address: usize,
    /// Games without a person (the computer against itself) one client address may have
    /// running at once (more are refused with 429). Default 2: enough to watch levels play
    /// each other, too few to fill the background lane.
    pub unattended_per_address: usize,
    /// Games kept in memory at most; the least recently used leave first. Default 2,000
    /// (a game in memory takes from a few KB to about 150 KB for the largest boards).
    pub games_in_memory: usize,
    /// A game nobody asked for within this long leaves memory (it comes back from the store
    /// on the next request). Default 10 minutes.
    pub game_idle: Duration,
    /// Games one client address may create or import per minute, on average (0: no limit).
    /// Default 30.
    pub games_per_minute: u32,
    /// Games one client address may create or import in a burst, before the per-minute rate
    /// applies. Default 30.
    pub games_burst: u32,
    /// Client addresses (or usernames) each rate limit remembers at most (about 50 bytes
    /// each); when that many are still limited, new ones must wait too. Default 10,000.
    pub rate_limited_addresses: usize,
    /// Sign-in attempts one client address may make per minute, on average (0: no limit).
    /// Default 10.
    pub sign_ins_per_minute: u32,
    /// Sign-in attempts one client address may make in a burst. Default 30: a club behind
    /// one address signing in together.
    pub sign_ins_burst: u32,
    /// Sign-in attempts per minute for one account, on average, from one client address or
    /// from one device the account knows (0: no limit); the same for password changes and
    /// deletions in one session, and the refill of `account_sign_ins_slow_after`. Default 2:
    /// guessing a password of 10 characters, not on the common list, at about 3,000 tries a
    /// day is hopeless.
    pub account_sign_ins_per_minute: u32,
    /// Sign-in attempts for one account in a burst, from one address or one known device.
    /// Default 10: a person mistyping.
    pub account_sign_ins_burst: u32,
    /// Sign-in attempts for one account from devices it does not know, from all addresses
    /// together, before each further one is slowed by 3 s (never refused). Default 20.
    pub account_sign_ins_slow_after: u32,
    /// Accounts one client address may sign up per minute, on average (0: no limit).
    /// Default 1.
    pub sign_ups_per_minute: u32,
    /// Accounts one client address may sign up in a burst. Default 10.
    pub sign_ups_burst: u32,
    /// Password resets one client address may ask for or do per minute, on average (0: no
    /// limit). Default 1: each may send mail or check a password.
    pub recoveries_per_minute: u32,
    /// Password resets one client address may ask for or do in a burst. Default 5.
    pub recoveries_burst: u32,
    /// Passwords hashed or checked at once at most (sign-ups, sign-ins, password changes):
    /// each takes about 19 MiB and a core for tens of milliseconds. Default 2.
    pub password_checks: usize,
    /// Sign-ups and sign-ins that may wait for a password check; more are refused as busy
    /// (503). Default 64.
    pub password_checks_waiting: usize,
    /// Seeks one person in the lobby (one lobby connection) may list at once. Default 3.
    pub seeks_per_person: usize,
    /// The time a seat of a rated game has for its first move, from when its clock starts,
    /// before the game is aborted (not rated, no result; zero: never). Default 30 s, about as
    /// long as lichess gives.
    pub abort_after: Duration,
    /// Chat messages one writer (an account, or a seat played without one) may send per
    /// minute, on average (0: no limit). Default 10: a conversation, never a flood.
    pub chat_per_minute: u32,
    /// Chat messages one writer may send at once before the per-minute rate applies.
    /// Default 5.
    pub chat_burst: u32,
    /// The messages each of a game's two chat rooms (the players', the spectators') holds at
    /// most; more are refused (409). Default 300: a long correspondence game's talk, a few
    /// dozen kilobytes.
    pub chat_messages_per_room: usize,
    /// Entrants one tournament may have at most (its organiser may choose fewer). Default 64:
    /// a club's round robin of 64 has 63 rounds, as long as anyone would play.
    pub tournament_entrants: usize,
    /// Tournaments one account may organise that are open for entries or running at once.
    /// Default 3.
    pub tournaments_per_account: usize,
    /// The time a paired player of a tournament has for a first move, from when their clock
    /// starts, before the game is forfeited (zero: never; the clock still ends the game).
    /// Default 60 s.
    pub tournament_no_show: Duration,
    /// Streams (its event stream and its games' streams) one bot may have open at once on an
    /// instance. Default 16: a bot playing 15 games at once.
    pub bot_streams: usize,
    /// Challenges (of people or bots) one account may have sent and waiting for an answer at
    /// once. Default 3.
    pub challenges_per_person: usize,
    /// Challenges one account, a person or a bot, may have waiting for its answer at once.
    /// Default 20.
    pub challenges_waiting: usize,
    /// Players one account may follow. Default 500.
    pub follows_per_account: usize,
    /// Reports one account may have waiting for a moderator at once. Default 10: enough for
    /// a bad evening, too few to flood the queue.
    pub open_reports_per_account: usize,
    /// Players one account may block. Default 500 (lichess allows about as many).
    pub blocks_per_account: usize,
    /// Moves of puzzle attempts one client address may have judged per minute, on average
    /// (0: no limit). Default 30: a puzzle every few seconds, far faster than anyone thinks.
    pub puzzle_moves_per_minute: u32,
    /// Moves of puzzle attempts one client address may have judged in a burst. Default 30.
    pub puzzle_moves_burst: u32,
    /// When stopping: how long the server says it is unready before it stops accepting
    /// connections, so that load balancers notice (`--drain-delay`).
    pub drain_delay: Duration,
    /// When stopping: how long the requests under way are waited for (`--drain-timeout`).
    pub drain_timeout: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            header_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(60),
            request_timeout: Duration::from_secs(30),
            max_connections: 10_000,
            max_connections_per_address: 512,
            max_websockets: 8_000,
            ws_ping: Duration::from_secs(30),
            searches: std::thread::available_parallelism().map_or(2, |n| n.get()),
            search_queue: 1_024,
            analysis_work: 20_000,
            analysis_time: Duration::from_millis(500),
            analyses_per_address: 2,
            unattended_per_address: 2,
            games_in_memory: 2_000,
            game_idle: Duration::from_secs(600),
            games_per_minute: 30,
            games_burst: 30,
            rate_limited_addresses: 10_000,
            sign_ins_per_minute: 10,
            sign_ins_burst: 30,
            account_sign_ins_per_minute: 2,
            account_sign_ins_burst: 10,
            account_sign_ins_slow_after: 20,
            sign_ups_per_minute: 1,
            sign_ups_burst: 10,
            recoveries_per_minute: 1,
            recoveries_burst: 5,
            password_checks: 2,
            password_checks_waiting: 64,
            seeks_per_person: 3,
            abort_after: Duration::from_secs(30),
            chat_per_minute: 10,
            chat_burst: 5,
            chat_messages_per_room: 300,
            tournament_entrants: 64,
            tournaments_per_account: 3,
            tournament_no_show: Duration::from_secs(60),
            bot_streams: 16,
            challenges_per_person: 3,
            challenges_waiting: 20,
            follows_per_account: 500,
            open_reports_per_account: 10,
            blocks_per_account: 500,
            puzzle_moves_per_minute: 30,
            puzzle_moves_burst: 30,
            drain_delay: Duration::ZERO,
            drain_timeout: Duration::from_secs(10),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_relays_url_is_never_shown() {
        let mut config = Config::new("127.0.0.1:0".parse().unwrap(), "sqlite://t.db");
        config.mail = Some(Mail {
            smtp: SmtpUrl("smtps://tafel:hunter2@mail.example.org:465".to_string()),
            from: "games@example.org".to_string(),
        });
        let shown = format!("{config:?}");
        assert!(shown.contains("games@example.org"), "{shown}");
        assert!(!shown.contains("hunter2"), "{shown}");
        assert!(!shown.contains("mail.example.org"), "{shown}");
    }
}
