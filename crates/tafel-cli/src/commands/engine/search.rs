//! The search thread: one search at a time runs on its own thread, so that `stop`, `isready`
//! and `quit` are read while it runs. It writes `info` progress lines at a fixed interval and
//! ends with the `bestmove` line (or an `error` line), which is the reply to `go`.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use tafel_ai::budget::StopFlag;
use tafel_ai::scale::{AssessOptions, Basis, DynAssessment};
use tafel_ai::{AiError, Evaluation};
use tafel_core::{DynGame, DynPosition, Player};

use super::output::Output;
use crate::commands::hint::describe_evaluation;

/// What to search.
pub struct Request {
    /// The game.
    pub game: Arc<dyn DynGame>,
    /// The position, where `mover` is to move.
    pub position: Box<dyn DynPosition>,
    /// Who is to move.
    pub mover: Player,
    /// The assessment's options (the stop flag is added here).
    pub options: AssessOptions,
    /// The search's name for people ("level 3", "analysis").
    pub label: String,
}

/// A search running on its own thread.
pub struct Search {
    /// Whether it runs until stopped (`go infinite`).
    pub infinite: bool,
    flag: StopFlag,
    finished: Arc<AtomicBool>,
    thread: JoinHandle<()>,
}

impl Search {
    /// Starts `request` on a new thread, writing progress every `progress` to `out`;
    /// `infinite` says that it runs until stopped.
    pub fn start(mut request: Request, out: Output, progress: Duration, infinite: bool) -> Search {
        let flag = StopFlag::new();
        request.options.stop = Some(flag.clone());
        let finished = Arc::new(AtomicBool::new(false));
        let thread = thread::spawn({
            let (flag, finished) = (flag.clone(), finished.clone());
            move || run(request, &flag, &finished, &out, progress)
        });
        Search {
            infinite,
            flag,
            finished,
            thread,
        }
    }

    /// Whether the search is still running (its last line not yet written).
    pub fn is_running(&self) -> bool {
        !self.finished.load(Ordering::SeqCst)
    }

    /// Stops the search and waits until its `bestmove` is written.
    pub fn stop(self) {
        self.flag.stop();
        self.wait();
    }

    /// Waits until the search has ended (after its last line is written).
    pub fn wait(self) {
        // The thread catches nothing: a panic in it was already reported by the panic hook,
        // and the search's reply then is the `error` line `run` writes.
        let _ = self.thread.join();
    }
}

/// The search thread: searches on a worker thread and reports its progress meanwhile.
fn run(request: Request, flag: &StopFlag, finished: &AtomicBool, out: &Output, progress: Duration) {
    let started = Instant::now();
    let (game, mover, label) = (request.game.clone(), request.mover, request.label.clone());
    let (sender, receiver) = mpsc::channel();
    let worker = thread::spawn(move || {
        let answer = tafel_ai::scale::assess(
            request.game.as_ref(),
            request.position.as_ref(),
            &request.options,
        );
        // The receiver waits for this unless the engine is ending.
        let _ = sender.send(answer);
    });
    let lines = loop {
        match receiver.recv_timeout(progress) {
            Ok(answer) => break final_lines(game.as_ref(), mover, &label, answer),
            Err(mpsc::RecvTimeoutError::Timeout) => {
                let line = format!(
                    "info work {} time {}",
                    flag.work_done(),
                    started.elapsed().as_millis()
                );
                out.send(&[line]);
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                break vec!["error the search failed (a bug: please report it)".to_string()]
            }
        }
    };
    let _ = worker.join();
    out.send_after(|| finished.store(true, Ordering::SeqCst), &lines);
}

/// The lines that end a search: the evaluation and search as `tafel hint` words them, then
/// `bestmove`.
fn final_lines(
    game: &dyn DynGame,
    mover: Player,
    label: &str,
    answer: Result<DynAssessment, AiError>,
) -> Vec<String> {
    let answer = match answer {
        Ok(answer) => answer,
        Err(e) => return vec![format!("error {e}")],
    };
    let basis = match answer.chance.basis {
        Basis::Exact => "exact",
        Basis::Estimate => "estimate",
        Basis::Search => "search",
    };
    let proof = match answer.evaluation {
        Evaluation::WinIn(n) => format!(" win-in {n}"),
        Evaluation::LossIn(n) => format!(" loss-in {n}"),
        _ => String::new(),
    };
    vec![
        format!(
            "info evaluation {}",
            describe_evaluation(game, mover, &answer)
        ),
        format!("info search {label}, {}", answer.effort),
        format!(
            "bestmove {} win {:.4} draw {:.4} basis {basis}{proof}",
            answer.best, answer.chance.win, answer.chance.draw
        ),
    ]
}
