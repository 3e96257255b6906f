//! `tafel account`: what a server's operator does for an account.

use anyhow::Result;
use tafel_server::domain::moderation::Role;
use tafel_server::play::moderation::set_role_of;
use tafel_server::play::recovery::{reset_link, RESET_LINK_LIFETIME};
use tafel_server::play::second_factor::turn_off_for;
use tafel_server::public_url::PublicUrl;
use tafel_server::store::Store;

/// The `account` subcommands.
#[derive(clap::Subcommand, Debug)]
pub enum Command {
    /// Print a link that resets the password of account NAME, to hand to its owner (for a
    /// server without `--smtp`, or an owner without a verified address). It works once, for
    /// an hour; following it ends every session of the account.
    ResetPassword(ResetArgs),
    /// Turn two-step sign-in off for account NAME, whose owner lost both the authenticator app
    /// and the recovery codes (make sure first that they own it): it signs in with its
    /// password alone until it is turned on again.
    TwoStepOff(DatabaseArgs),
    /// Give account NAME a role: `moderator` (works the reports at /moderation and acts on
    /// players and tournaments) or `player` (takes it back).
    Role(RoleArgs),
}

/// Arguments of `tafel account role`.
#[derive(clap::Args, Debug)]
pub struct RoleArgs {
    /// The account's username.
    name: String,
    /// `moderator` or `player`.
    role: String,
    /// The server's database: `sqlite://PATH` or `postgres://USER@HOST/DB`.
    #[arg(long, value_name = "URL", default_value = "sqlite://tafel.db")]
    database: String,
}

/// Arguments of `tafel account two-step-off`.
#[derive(clap::Args, Debug)]
pub struct DatabaseArgs {
    /// The account's username.
    name: String,
    /// The server's database: `sqlite://PATH` or `postgres://USER@HOST/DB`.
    #[arg(long, value_name = "URL", default_value = "sqlite://tafel.db")]
    database: String,
}

/// Arguments of `tafel account reset-password`.
#[derive(clap::Args, Debug)]
pub struct ResetArgs {
    /// The account's username.
    name: String,
    /// The server's database: `sqlite://PATH` or `postgres://USER@HOST/DB`.
    #[arg(long, value_name = "URL", default_value = "sqlite://tafel.db")]
    database: String,
    /// The address people reach the server by, where the link points.
    #[arg(long = "public-url", value_name = "URL")]
    public_url: PublicUrl,
}

/// Runs `command`.
pub fn run(command: Command) -> Result<()> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    match command {
        Command::ResetPassword(args) => runtime.block_on(async {
            let store = Store::open(&args.database).await?;
            let link = reset_link(&store, &args.name, args.public_url.origin()).await?;
            println!("{link}");
            eprintln!(
                "This link resets the password of {} once, within {} minutes.",
                args.name,
                RESET_LINK_LIFETIME.as_secs() / 60
            );
            Ok(())
        }),
        Command::TwoStepOff(args) => runtime.block_on(async {
            let store = Store::open(&args.database).await?;
            if turn_off_for(&store, &args.name).await? {
                println!("Two-step sign-in of {} is off.", args.name);
            } else {
                println!("{} had no two-step sign-in.", args.name);
            }
            Ok(())
        }),
        Command::Role(args) => runtime.block_on(async {
            let role = Role::parse(&args.role)?;
            let store = Store::open(&args.database).await?;
            set_role_of(&store, &args.name, role).await?;
            println!("{} is a {}.", args.name, role.as_str());
            Ok(())
        }),
    }
}
