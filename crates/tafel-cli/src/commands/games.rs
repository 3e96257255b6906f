//! `tafel games`: the games and their settings.

use anyhow::Result;
use tafel_core::settings::Origin;

/// Arguments of `tafel games`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Print as JSON instead of text.
    #[arg(long)]
    json: bool,
}

fn label(origin: Origin) -> &'static str {
    match origin {
        Origin::Rules => "",
        Origin::Reconstructed => " [reconstructed]",
        Origin::Variant => " [variant, not the designer's rules]",
        Origin::Engine => " [engine limit, not a rule]",
    }
}

/// Prints every game with its settings.
pub fn run(args: Args) -> Result<()> {
    let registry = tafel_games::registry();
    if args.json {
        let games: Vec<_> = registry
            .entries()
            .iter()
            .map(|e| -> Result<_> {
                let levels: Vec<String> = tafel_ai::entry_ai(e)?
                    .levels()
                    .iter()
                    .map(|a| a.to_string())
                    .collect();
                Ok(serde_json::json!({
                    "name": e.info.name, "title": e.info.title, "summary": e.info.summary,
                    "settings": e.specs, "levels": levels,
                }))
            })
            .collect::<Result<_>>()?;
        println!("{}", serde_json::to_string_pretty(&games)?);
        return Ok(());
    }
    for entry in registry.entries() {
        println!("{}  ({})", entry.info.name, entry.info.title);
        println!("    {}", entry.info.summary);
        for spec in entry.specs {
            println!("    {}={}{}", spec.key, spec.default, label(spec.origin));
            println!("        {}; allowed: {}", spec.help, spec.allowed());
        }
        println!("    computer levels (play with ai:LEVEL):");
        for (i, algorithm) in tafel_ai::entry_ai(entry)?.levels().iter().enumerate() {
            println!("        {}: {algorithm}", i + 1);
        }
        println!();
    }
    Ok(())
}
