//! Core calls that can be long: run on the fork-safe pool with the GIL released while the
//! calling thread looks for Ctrl-C.

use multicomp_core::error::Result as CoreResult;
use multicomp_core::{CoreError, Interrupt};
use pyo3::prelude::*;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use crate::error::Result;
use crate::pool;

/// How often a computation in progress looks for a pending Python signal.
pub(crate) const SIGNAL_POLL: Duration = Duration::from_millis(50);

/// Runs `work` on this process's thread pool ([`pool::pool`], fork-safe) with the GIL
/// released, while this thread looks for pending signals (Ctrl-C) every [`SIGNAL_POLL`]:
/// when a signal handler raises, the [`Interrupt`] given to `work` is raised, `work` stops
/// at its next check, and the handler's exception (KeyboardInterrupt) is returned. Every
/// core call that can be long goes through here. `quick`: the work surely takes well under
/// [`SIGNAL_POLL`] (or, like one family of step-wise APVs, has no check to stop at) and the
/// core keeps it on the calling thread (one family, or a stack the core does not spread
/// over threads), so it runs here without the checks (handing it to the pool would cost
/// about 15 us, more on a busy machine).
pub(crate) fn interruptible<T, F>(py: Python<'_>, quick: bool, work: F) -> Result<T>
where
    T: Send,
    F: FnOnce(&Interrupt) -> CoreResult<T> + Send,
{
    let stop = Interrupt::new();
    if quick {
        return Ok(py.detach(|| work(&stop))?);
    }
    let pool = pool::pool(py)?;
    let (sender, mut receiver) = mpsc::channel();
    let mut signal: Option<PyErr> = None;
    let result = pool.in_place_scope(|scope| {
        let stop = &stop;
        scope.spawn(move |_| {
            // The receiver outlives the work: the scope waits for it.
            let _ = sender.send(work(stop));
        });
        loop {
            let (back, received) = py.detach(move || {
                let received = receiver.recv_timeout(SIGNAL_POLL);
                (receiver, received)
            });
            receiver = back;
            match received {
                Ok(result) => return Some(result),
                // The work panicked: the scope re-raises the panic.
                Err(RecvTimeoutError::Disconnected) => return None,
                Err(RecvTimeoutError::Timeout) => {
                    if signal.is_none() {
                        if let Err(e) = py.check_signals() {
                            stop.raise();
                            signal = Some(e);
                        }
                    }
                }
            }
        }
    });
    match (signal, result) {
        (Some(e), _) => Err(e.into()),
        (None, Some(result)) => Ok(result?),
        (None, None) => Err(CoreError::Interrupted.into()),
    }
}
