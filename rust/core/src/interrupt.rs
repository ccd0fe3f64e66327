//! Cooperative interruption of long computations. The caller owns an [`Interrupt`] and
//! raises it from outside (the Python binding does so when a signal handler, such as
//! Ctrl-C's, reports an error); the computation checks it between families and
//! periodically inside a long family, and then returns [`CoreError::Interrupted`].
//! The core itself knows nothing of signals or Python.

use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

use crate::error::{CoreError, Result};

/// A flag asking a computation to stop; shared by reference across threads.
#[derive(Debug, Default)]
pub struct Interrupt(AtomicBool);

impl Interrupt {
    /// A flag that is not raised.
    pub const fn new() -> Self {
        Self(AtomicBool::new(false))
    }

    /// Asks every computation checking this flag to stop.
    pub fn raise(&self) {
        self.0.store(true, Relaxed);
    }

    /// Whether [`Interrupt::raise`] was called.
    pub fn is_raised(&self) -> bool {
        self.0.load(Relaxed)
    }

    /// `Err(CoreError::Interrupted)` once raised: `stop.check()?` at the check points.
    pub fn check(&self) -> Result<()> {
        if self.is_raised() {
            Err(CoreError::Interrupted)
        } else {
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn raised_once_stays_raised() {
        let stop = Interrupt::new();
        assert_eq!(stop.check(), Ok(()));
        stop.raise();
        assert!(stop.is_raised());
        assert_eq!(stop.check(), Err(CoreError::Interrupted));
    }
}
