//! Which compiled version of Quarx's random playout loop runs ([`PlayoutLoop`]): the best one
//! for the processor, or the one the environment variable `TAFEL_QUARX_LOOP` names, read once
//! per process. The switch lets every version be tested and measured on one machine
//! (`scripts/test` runs Quarx's tests under each version the machine can run;
//! `docs/performance.md`). All versions play the same games.

use std::fmt;
use std::sync::OnceLock;

/// The environment variable that picks Quarx's playout loop: `auto` (or unset, or empty),
/// `portable`, `bmi2-no-pdep` or `bmi2`.
pub const LOOP_VARIABLE: &str = "TAFEL_QUARX_LOOP";

/// A compiled version of Quarx's random playout loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayoutLoop {
    /// For every processor: no instructions beyond the target's.
    Portable,
    /// Compiled for `popcnt`, BMI1 and BMI2, without BMI2's `pext` and `pdep`: what AMD's
    /// Zen 1 and 2 run, whose `pext` and `pdep` are slow.
    Bmi2NoPdep,
    /// Compiled for `popcnt`, BMI1 and BMI2, testing jumps and finding a king's slides with
    /// `pext` and `pdep`.
    Bmi2,
}

impl PlayoutLoop {
    /// Every version, the portable one first.
    pub const ALL: [PlayoutLoop; 3] = [
        PlayoutLoop::Portable,
        PlayoutLoop::Bmi2NoPdep,
        PlayoutLoop::Bmi2,
    ];

    /// Its name, as [`LOOP_VARIABLE`] takes it.
    pub fn name(self) -> &'static str {
        match self {
            PlayoutLoop::Portable => "portable",
            PlayoutLoop::Bmi2NoPdep => "bmi2-no-pdep",
            PlayoutLoop::Bmi2 => "bmi2",
        }
    }

    /// Whether this processor has the instructions the version needs.
    pub fn runs_here(self) -> bool {
        match self {
            PlayoutLoop::Portable => true,
            #[cfg(target_arch = "x86_64")]
            PlayoutLoop::Bmi2NoPdep | PlayoutLoop::Bmi2 => crate::cpu::has_bit_instructions(),
            #[cfg(not(target_arch = "x86_64"))]
            PlayoutLoop::Bmi2NoPdep | PlayoutLoop::Bmi2 => false,
        }
    }

    /// The best version for this processor: `bmi2` where `pext` and `pdep` are fast,
    /// `bmi2-no-pdep` where the processor has them but runs them slowly, `portable` without
    /// BMI2 (the `cpu` module).
    pub fn detected() -> PlayoutLoop {
        #[cfg(target_arch = "x86_64")]
        if crate::cpu::has_bit_instructions() {
            return if crate::cpu::has_fast_bit_deposit() {
                PlayoutLoop::Bmi2
            } else {
                PlayoutLoop::Bmi2NoPdep
            };
        }
        PlayoutLoop::Portable
    }

    /// The version [`LOOP_VARIABLE`] asks for ([`PlayoutLoop::detected`] when it is unset,
    /// empty or `auto`), read once per process; an error when it names no version or one
    /// this processor cannot run. The `tafel` command refuses to start with such an error.
    pub fn chosen() -> Result<PlayoutLoop, LoopError> {
        static CHOSEN: OnceLock<Result<PlayoutLoop, LoopError>> = OnceLock::new();
        CHOSEN
            .get_or_init(|| {
                let value = std::env::var_os(LOOP_VARIABLE);
                PlayoutLoop::asked(value.as_deref().map(|v| v.to_string_lossy()).as_deref())
            })
            .clone()
    }

    /// The version that runs: [`PlayoutLoop::chosen`], or [`PlayoutLoop::detected`] when the
    /// variable cannot be followed (a library has no way to refuse; `tafel` does).
    pub fn active() -> PlayoutLoop {
        PlayoutLoop::chosen().unwrap_or_else(|_| PlayoutLoop::detected())
    }

    /// The version a value of [`LOOP_VARIABLE`] asks for (`None`: the variable is unset).
    fn asked(value: Option<&str>) -> Result<PlayoutLoop, LoopError> {
        let value = value.unwrap_or("").trim();
        if value.is_empty() || value == "auto" {
            return Ok(PlayoutLoop::detected());
        }
        let Some(version) = PlayoutLoop::ALL.into_iter().find(|v| v.name() == value) else {
            return Err(LoopError::Unknown(value.to_string()));
        };
        if version.runs_here() {
            Ok(version)
        } else {
            Err(LoopError::NotHere(version))
        }
    }
}

impl fmt::Display for PlayoutLoop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why [`LOOP_VARIABLE`] cannot be followed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoopError {
    /// It names no version (the value given).
    Unknown(String),
    /// It names a version whose instructions this processor lacks.
    NotHere(PlayoutLoop),
}

impl fmt::Display for LoopError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoopError::Unknown(value) => {
                let names: Vec<&str> = PlayoutLoop::ALL.iter().map(|v| v.name()).collect();
                write!(
                    f,
                    "{LOOP_VARIABLE}=`{value}` names no playout loop of Quarx (auto, {})",
                    names.join(", ")
                )
            }
            LoopError::NotHere(version) => write!(
                f,
                "{LOOP_VARIABLE}={version}: this processor lacks the instructions that loop \
                 needs (popcnt, BMI1 and BMI2, on x86-64); it runs `portable`"
            ),
        }
    }
}

impl std::error::Error for LoopError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_variable_names_a_loop_or_leaves_the_choice_to_the_processor() {
        for auto in [None, Some(""), Some("auto"), Some(" auto ")] {
            assert_eq!(PlayoutLoop::asked(auto), Ok(PlayoutLoop::detected()));
        }
        assert_eq!(
            PlayoutLoop::asked(Some("portable")),
            Ok(PlayoutLoop::Portable)
        );
        for version in PlayoutLoop::ALL {
            let asked = PlayoutLoop::asked(Some(version.name()));
            if version.runs_here() {
                assert_eq!(asked, Ok(version));
            } else {
                assert_eq!(asked, Err(LoopError::NotHere(version)));
            }
        }
        assert!(PlayoutLoop::detected().runs_here());
    }

    #[test]
    fn a_loop_that_cannot_run_is_refused_with_the_reason() {
        let unknown = PlayoutLoop::asked(Some("bmi3")).unwrap_err();
        assert_eq!(
            unknown.to_string(),
            "TAFEL_QUARX_LOOP=`bmi3` names no playout loop of Quarx \
             (auto, portable, bmi2-no-pdep, bmi2)"
        );
        let missing = LoopError::NotHere(PlayoutLoop::Bmi2).to_string();
        assert!(
            missing.starts_with("TAFEL_QUARX_LOOP=bmi2: this processor lacks"),
            "{missing}"
        );
    }

    #[test]
    fn the_loop_the_variable_names_is_the_one_that_runs() {
        // `scripts/test` runs Quarx's tests once for each loop this machine runs, naming it
        // in the variable: the loop must then be the one the tests play.
        let value = std::env::var(LOOP_VARIABLE).ok();
        let chosen = PlayoutLoop::chosen();
        assert_eq!(chosen, PlayoutLoop::asked(value.as_deref()));
        let chosen = chosen.unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(PlayoutLoop::active(), chosen);
        if let Some(name) = value.filter(|v| !v.trim().is_empty() && v.trim() != "auto") {
            assert_eq!(chosen.name(), name.trim());
        }
    }
}
