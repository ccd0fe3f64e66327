//! The thread pool of this process, fork-safe. rayon's global pool is never used: a child
//! made by `fork()` (multiprocessing's "fork" context, Linux's default before Python 3.14)
//! inherits the global pool's state but none of its threads, so its first parallel call
//! would wait forever. Here the pool belongs to the process that built it: a call from
//! another process (a forked child) builds its own, and the inherited one is left alone
//! (never dropped: its threads do not exist in the child).

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use rayon::{ThreadPool, ThreadPoolBuilder};
use std::sync::{Arc, Mutex};

/// The pool and the id of the process that built it. Locked only while the GIL is held,
/// so no thread holds the lock when Python forks (`os.fork` needs the GIL).
static POOL: Mutex<Option<(u32, Arc<ThreadPool>)>> = Mutex::new(None);

/// This process's pool (built at the first call in each process; `RAYON_NUM_THREADS` or
/// the available cores set its size, as for rayon's global pool).
pub fn pool(_py: Python<'_>) -> PyResult<Arc<ThreadPool>> {
    let mut slot = POOL.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let pid = std::process::id();
    match slot.as_ref() {
        Some((owner, pool)) if *owner == pid => return Ok(Arc::clone(pool)),
        Some(_) => {
            // inherited across fork(): its worker threads are gone, so dropping it would
            // wait on them; leak it instead (once per forked child)
            if let Some(inherited) = slot.take() {
                std::mem::forget(inherited);
            }
        }
        None => {}
    }
    let built = ThreadPoolBuilder::new()
        .thread_name(|i| format!("multicomp-{i}"))
        .build()
        .map_err(|e| PyRuntimeError::new_err(format!("cannot start the thread pool: {e}")))?;
    let built = Arc::new(built);
    *slot = Some((pid, Arc::clone(&built)));
    Ok(built)
}
