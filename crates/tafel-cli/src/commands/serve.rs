//! `tafel serve`: the web server.

use std::net::{IpAddr, SocketAddr};

use anyhow::Result;

/// Arguments of `tafel serve`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The address to listen on (loopback by default: only this machine can connect).
    #[arg(long, default_value = "127.0.0.1")]
    host: IpAddr,
    /// The port (0 picks a free one).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// Where games are stored: an SQLite URL, created on first run.
    #[arg(long, default_value = "sqlite://tafel.db")]
    database: String,
}

/// Serves until interrupted (Ctrl-C).
pub fn run(args: Args) -> Result<()> {
    tracing_subscriber::fmt().with_target(false).init();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async {
        let config = tafel_server::Config {
            listen: SocketAddr::new(args.host, args.port),
            database: args.database,
        };
        let server = tafel_server::start(&config).await?;
        println!(
            "Tafel is serving on http://{}/ (games are stored in {})",
            server.addr, config.database
        );
        tokio::select! {
            _ = tokio::signal::ctrl_c() => println!("stopping"),
            _ = server.task => {}
        }
        Ok(())
    })
}
