//! Step-wise adjusted p-values (APVs) of families of m p-values: Bonferroni, Holm, Hochberg
//! and Hommel (Garcia, Fernandez, Luengo & Herrera 2010, Inf. Sci. 180, Sec. 5 and
//! Table 9), over a stack of families in parallel. With p_(1) <= ... <= p_(m) sorted:
//!
//! - Bonferroni: min(1, m p_i);
//! - Holm: min(1, max_{j <= i} (m - j + 1) p_(j));
//! - Hochberg: min(1, min_{j >= i} (m - j + 1) p_(j));
//! - Hommel: the algorithm of G10 Fig. 2 (R's `p.adjust(method = "hommel")`), whose result
//!   is computed here in O(m log m) steps instead of O(m^2) ([`hommel_sorted`]), with the
//!   same floating-point operations, so the values are those of the quadratic algorithm.
//!
//! APVs come back in input order; tied p-values get equal APVs.

use std::str::FromStr;

use crate::error::{CoreError, Result};
use crate::interrupt::Interrupt;

/// A step-wise adjustment of [`adjust`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Procedure {
    Bonferroni,
    Holm,
    Hochberg,
    Hommel,
}

impl FromStr for Procedure {
    type Err = CoreError;

    fn from_str(name: &str) -> Result<Self> {
        match name {
            "bonferroni" => Ok(Self::Bonferroni),
            "holm" => Ok(Self::Holm),
            "hochberg" => Ok(Self::Hochberg),
            "hommel" => Ok(Self::Hommel),
            _ => Err(CoreError::UnknownProcedure {
                name: name.to_string(),
            }),
        }
    }
}

/// Hommel's APVs of families up to this size come from the O(m^2) algorithm itself (fewer
/// steps than the O(m log m) route's bookkeeping below it).
const HOMMEL_QUADRATIC_UP_TO: usize = 16;

/// [`adjust`] runs on the calling thread for at most this many values (about a
/// millisecond of work, less than handing families to other threads costs on a busy
/// machine), and spreads larger stacks over the threads.
pub const SEQUENTIAL_VALUES: usize = 1 << 18;

/// The APVs of a flat stack of families of `m` p-values each (one family when
/// `p.len() == m`), in input order, families in parallel. Every p-value must lie in
/// [0, 1] (NaN is refused); `-0.0` comes back as `0.0`.
pub fn adjust(p: &[f64], m: usize, procedure: Procedure, stop: &Interrupt) -> Result<Vec<f64>> {
    check_families(p, m)?;
    if p.len() <= SEQUENTIAL_VALUES {
        let mut out = vec![0.0; p.len()];
        let mut scratch = Scratch::default();
        for (fam, o) in p.chunks(m).zip(out.chunks_mut(m)) {
            scratch.apply(fam, procedure, o);
        }
        return Ok(out);
    }
    crate::map_families_init(p, m, stop, Scratch::default, |s, fam, out| {
        s.apply(fam, procedure, out)
    })
}

/// `p` is a whole number of families of 1 <= `m` < 2^31 values in [0, 1].
fn check_families(p: &[f64], m: usize) -> Result<()> {
    if m == 0 || m >= 1 << 31 || p.len() % m != 0 {
        return Err(CoreError::RaggedFamilies { m, got: p.len() });
    }
    match p.iter().position(|x| !(0.0..=1.0).contains(x)) {
        None => Ok(()),
        Some(i) => Err(CoreError::InvalidPValue {
            family: (p.len() > m).then_some(i / m),
            pair: i % m,
            value: p[i],
        }),
    }
}

/// Buffers reused across the families of one thread.
#[derive(Default)]
struct Scratch {
    keys: Vec<u64>,
    keyed: Vec<(u64, u32)>,
    /// p_(1) <= ... <= p_(m), the input position of each, and their APVs.
    sorted: Vec<f64>,
    order: Vec<u32>,
    apv: Vec<f64>,
    hommel: HommelScratch,
}

impl Scratch {
    /// APVs of one family into `out`, in input order.
    fn apply(&mut self, fam: &[f64], procedure: Procedure, out: &mut [f64]) {
        let m = fam.len();
        if procedure == Procedure::Bonferroni {
            for (o, &x) in out.iter_mut().zip(fam) {
                *o = (m as f64 * (x + 0.0)).min(1.0);
            }
            return;
        }
        self.sort(fam);
        self.apv.clear();
        self.apv.resize(m, 0.0);
        let apv = &mut self.apv;
        match procedure {
            Procedure::Holm => step(&self.sorted, apv, true),
            Procedure::Hochberg => step(&self.sorted, apv, false),
            _ if m <= HOMMEL_QUADRATIC_UP_TO => hommel_quadratic(&self.sorted, apv),
            _ => hommel_sorted(&self.sorted, &mut self.hommel, apv),
        }
        release(&mut self.sorted);
        // back to input order: independent writes (no chain of dependent loads)
        for (&a, &i) in apv.iter().zip(&self.order) {
            out[i as usize] = a;
        }
        release(&mut self.apv);
        release(&mut self.order);
    }

    /// `sorted` and `order`: a stable order of the p-values (ties keep their input order).
    ///
    /// p >= 0 here, so the bits of p + 0.0 sort as the values. One u64 holds a value's bits
    /// above its lowest, `low`, then its position: a sort of 8-byte keys. Where the bits
    /// above `low` and the position need more than 64 bits (values spread over many
    /// binades in a large family), the lowest bits are dropped, and the values that share
    /// the rest (equal or nearly: few but for ties) are ordered by all their bits after.
    fn sort(&mut self, fam: &[f64]) {
        let m = fam.len();
        let bits = |x: f64| (x + 0.0).to_bits();
        let (low, high) = fam.iter().fold((u64::MAX, 0), |(low, high), &x| {
            (low.min(bits(x)), high.max(bits(x)))
        });
        let position_bits = u64::BITS - (m.max(2) as u64 - 1).leading_zeros();
        let shift =
            (u64::BITS - (high - low).leading_zeros() + position_bits).saturating_sub(u64::BITS);
        self.keys.clear();
        self.keys.extend(
            fam.iter()
                .zip(0u64..)
                .map(|(&x, i)| ((bits(x) - low) >> shift) << position_bits | i),
        );
        self.keys.sort_unstable();
        let position = (1 << position_bits) - 1;
        self.order.clear();
        self.order
            .extend(self.keys.iter().map(|&key| (key & position) as u32));
        self.sorted.clear();
        if shift == 0 {
            self.sorted.extend(
                self.keys
                    .iter()
                    .map(|&key| f64::from_bits((key >> position_bits) + low)),
            );
        } else {
            self.by_all_bits(fam, position_bits);
            self.sorted
                .extend(self.order.iter().map(|&i| fam[i as usize] + 0.0));
        }
        release(&mut self.keys);
    }

    /// Orders the runs of `order` whose keys share their leading bits (above
    /// `position_bits`) by all the bits of their values, then their positions.
    fn by_all_bits(&mut self, fam: &[f64], position_bits: u32) {
        let mut start = 0;
        for end in 1..=self.keys.len() {
            let leading = |j: usize| self.keys[j] >> position_bits;
            if end < self.keys.len() && leading(end) == leading(start) {
                continue;
            }
            if end - start > 1 {
                let run = &mut self.order[start..end];
                self.keyed.clear();
                self.keyed
                    .extend(run.iter().map(|&i| ((fam[i as usize] + 0.0).to_bits(), i)));
                self.keyed.sort_unstable();
                for (o, &(_, i)) in run.iter_mut().zip(&self.keyed) {
                    *o = i;
                }
            }
            start = end;
        }
        release(&mut self.keyed);
    }
}

/// Holm (`down`: running maximum from the smallest p) or Hochberg (running minimum from
/// the largest) of (m - j + 1) p_(j), capped at 1, for sorted `ps`.
fn step(ps: &[f64], out: &mut [f64], down: bool) {
    let m = ps.len();
    let terms = out.iter_mut().zip(ps).enumerate();
    if down {
        let mut run = f64::NEG_INFINITY;
        for (j, (o, &p)) in terms {
            run = run.max((m - j) as f64 * p);
            *o = run.min(1.0);
        }
    } else {
        let mut run = f64::INFINITY;
        for (j, (o, &p)) in terms.rev() {
            run = run.min((m - j) as f64 * p);
            *o = run.min(1.0);
        }
    }
}

/// G10 Fig. 2 as printed (R's p.adjust), O(m^2) steps, for sorted p (m >= 1): faster than
/// [`hommel_sorted`] for small families, with its values.
fn hommel_quadratic(ps: &[f64], out: &mut [f64]) {
    let n = ps.len();
    let simes = |r: usize, from: usize| {
        // min over j of (r p_(from + j)) / (j + first), the Simes bound of Fig. 2
        ps[from..]
            .iter()
            .zip(from..)
            .map(|(&p, u)| r as f64 * p / (u - from + 1 + usize::from(from > 0)) as f64)
            .fold(f64::INFINITY, f64::min)
    };
    out.fill(simes(n, 0));
    for r in (2..n).rev() {
        let head = n - r + 1;
        let q1 = simes(r, head);
        let edge = (r as f64 * ps[head - 1]).min(q1);
        for (i, (o, &p)) in out.iter_mut().zip(ps).enumerate() {
            let q = if i < head {
                (r as f64 * p).min(q1)
            } else {
                edge
            };
            *o = o.max(q);
        }
    }
    for (o, &p) in out.iter_mut().zip(ps) {
        *o = o.max(p).min(1.0);
    }
}

/// Buffers of [`hommel_sorted`].
#[derive(Default)]
struct HommelScratch {
    hull: Vec<u32>,
    c: Vec<f64>,
    last: Vec<u32>,
    widest: Vec<u32>,
    queue: Vec<u32>,
    tree: Vec<f64>,
}

/// Frees a large buffer once used, so that one large family holds few at a time (the
/// memory bound of benches/RESULTS-adjust.md); small ones stay for the next family.
fn release<T>(buffer: &mut Vec<T>) {
    if buffer.len() > SEQUENTIAL_VALUES {
        *buffer = Vec::new();
    }
}

/// Hommel's APVs of sorted p-values `ps` (m >= 1) into `out`: the values of G10 Fig. 2 in
/// O(m log m) steps and O(m) memory.
///
/// Fig. 2 computes, for each size r = 2..m of a set of hypotheses, the Simes bound
/// c_r = min_{j=2..r} (r p_(m-r+j)) / j and q_r(i) = min(r p_(i), c_r) for i <= m - r + 1
/// (= q_r(m - r + 1) =: d_r beyond), and APV_(i) = min(1, max(p_(i), max_r q_r(i))).
/// Here, with the same floating-point expressions:
///
/// 1. c_r for all r: p_(s+j) / j is the slope from (s, 0), s = m - r, to the point
///    (s + j, p_(s+j)); the smallest is a tangent to the lower convex hull of the points
///    right of s + 1, which grows leftwards as r grows (a stack, searched by bisection);
/// 2. for each r, r p_(i) <= c_r holds for i up to some t_r (p sorted, so a prefix:
///    a search outwards from t_(r-1)), where q_r(i) = r p_(i); beyond it q_r(i) = c_r;
/// 3. for each i the r <= m - i + 1 split into those with t_r >= i, of which the largest
///    gives the largest r p_(i) (the largest r with min(t_r, m - r + 1) >= i: a running
///    maximum), and those with t_r < i, which give their largest c_r (a sliding window
///    over r when t_r falls as r grows, else a prefix-maximum tree over t_r);
/// 4. the d_r of r > m - i + 1: a running maximum.
fn hommel_sorted(ps: &[f64], s: &mut HommelScratch, out: &mut [f64]) {
    let m = ps.len();
    simes_bounds(ps, s);
    boundaries(ps, s);
    if s.last[2..].windows(2).all(|t| t[1] <= t[0]) {
        largest_bounds_by_queue(s, out);
    } else {
        largest_bounds_by_tree(s, out);
    }
    release(&mut s.last);
    let mut widest = 0;
    for i in (1..=m).rev() {
        widest = widest.max(s.widest[i]);
        if widest >= 2 {
            out[i - 1] = out[i - 1].max(widest as f64 * ps[i - 1]);
        }
    }
    release(&mut s.widest);
    // d_r of the r > m - i + 1, then p_(i) itself and the cap
    let mut beyond = f64::NEG_INFINITY;
    for i in 1..=m {
        if i >= 2 {
            let r = m - i + 2;
            beyond = beyond.max((r as f64 * ps[m - r]).min(s.c[r]));
        }
        out[i - 1] = out[i - 1].max(beyond).max(ps[i - 1]).min(1.0);
    }
    release(&mut s.c);
}

/// `s.last[r]` = t_r for r = 2..m, and `s.widest[e]` = the largest r with
/// min(t_r, m - r + 1) = e (0 if none), for the Simes bounds `s.c`.
fn boundaries(ps: &[f64], s: &mut HommelScratch) {
    let m = ps.len();
    s.last.clear();
    s.last.resize(m + 1, 0);
    s.widest.clear();
    s.widest.resize(m + 1, 0);
    let mut near = m;
    for r in 2..=m {
        let (rf, cr) = (r as f64, s.c[r]);
        near = boundary(ps, near, |x| rf * x <= cr);
        s.last[r] = near as u32;
        s.widest[near.min(m - r + 1)] = r as u32;
    }
}

/// `out[i - 1]` = the largest c_r over r in [2, m - i + 1] with t_r < i (-inf if none),
/// for t_r non-increasing in r (as in real arithmetic): those r are a window that slides
/// right as i falls, whose largest c_r a queue of decreasing c_r keeps (each r enters and
/// leaves it once).
fn largest_bounds_by_queue(s: &mut HommelScratch, out: &mut [f64]) {
    let m = out.len();
    let (c, last, queue) = (&s.c, &s.last, &mut s.queue);
    queue.clear();
    let mut head = 0; // queue[head..]: the window's r whose c_r no later r reaches
    for r in 1..=m {
        if r >= 2 {
            while queue.len() > head && c[queue[queue.len() - 1] as usize] <= c[r] {
                queue.pop();
            }
            queue.push(r as u32);
        }
        let i = m - r + 1;
        while head < queue.len() && last[queue[head] as usize] as usize >= i {
            head += 1;
        }
        out[i - 1] = queue
            .get(head)
            .map_or(f64::NEG_INFINITY, |&r| c[r as usize]);
    }
    release(queue);
}

/// [`largest_bounds_by_queue`] for any t_r: c_r at t_r + 1 in a prefix-maximum (Fenwick)
/// tree, filled as r grows (i = m - r + 1 then asks for its prefix up to i).
fn largest_bounds_by_tree(s: &mut HommelScratch, out: &mut [f64]) {
    let m = out.len();
    s.tree.clear();
    s.tree.resize(m + 2, f64::NEG_INFINITY);
    for r in 1..=m {
        if r >= 2 {
            fenwick_raise(&mut s.tree, s.last[r] as usize + 1, s.c[r]);
        }
        let i = m - r + 1;
        out[i - 1] = fenwick_max(&s.tree, i, f64::NEG_INFINITY);
    }
    release(&mut s.tree);
}

/// The number of leading `ps` for which `holds` (true on a prefix), searched outwards
/// from `near` (t_r moves little from one r to the next: O(log) of the move).
fn boundary(ps: &[f64], near: usize, holds: impl Fn(f64) -> bool) -> usize {
    let at = |i: usize| i == 0 || holds(ps[i - 1]); // whether the prefix reaches i
    let (mut low, mut high);
    if at(near) {
        (low, high) = (near, near + 1);
        let mut step = 1;
        while high <= ps.len() && at(high) {
            low = high;
            high += step;
            step *= 2;
        }
        high = high.min(ps.len() + 1);
    } else {
        (low, high) = (near.saturating_sub(1), near);
        let mut step = 1;
        while !at(low) {
            high = low;
            low = low.saturating_sub(step);
            step *= 2;
        }
    }
    // at(low) and (high > len or !at(high))
    while high - low > 1 {
        let mid = (low + high) / 2;
        if at(mid) {
            low = mid;
        } else {
            high = mid;
        }
    }
    low
}

/// c_r = min_{j=2..r} (r p_(m-r+j)) / j for r = 2..m into `s.c` (c_0 = c_1 = inf).
fn simes_bounds(ps: &[f64], s: &mut HommelScratch) {
    let m = ps.len();
    s.c.clear();
    s.c.resize(m + 1, f64::INFINITY);
    s.hull.clear(); // 0-based points of the lower hull, the last the leftmost
    let mut low = 0; // the position of the smallest slope on it
    for r in 2..=m {
        // 0-based: the slope from (m - r, 0) to point v is p_v / (v + 1 - o), o = m - r,
        // over the points v > o; the new leftmost point is o + 1
        let o = m - r;
        let u = o + 1;
        while s.hull.len() >= 2 {
            // drop the leftmost unless it lies strictly below the chord from u
            let (b, c) = (
                s.hull[s.hull.len() - 1] as usize,
                s.hull[s.hull.len() - 2] as usize,
            );
            if (b - u) as f64 * (ps[c] - ps[u]) - (ps[b] - ps[u]) * (c - u) as f64 > 0.0 {
                break;
            }
            s.hull.pop();
        }
        s.hull.push(u as u32);
        // the slope is unimodal along the hull, and its smallest moves leftwards as r
        // grows (a point left of another beats it ever more): a walk on from the last one
        low = low.min(s.hull.len() - 1);
        while let Some(&w) = s.hull.get(low + 1) {
            let v = s.hull[low] as usize;
            if ps[v] * (w as usize + 1 - o) as f64 <= ps[w as usize] * (v + 1 - o) as f64 {
                break;
            }
            low += 1;
        }
        let rf = r as f64;
        let bound = |v: usize| (rf * ps[v]) / (v + 1 - o) as f64;
        // the neighbours guard against ties of the slopes broken by rounding
        let mut c = bound(s.hull[low] as usize);
        for near in [low.wrapping_sub(1), low + 1] {
            if let Some(&v) = s.hull.get(near) {
                c = c.min(bound(v as usize));
            }
        }
        s.c[r] = c;
    }
    release(&mut s.hull);
}

/// Raises entry `at` (1-based) of a prefix-maximum Fenwick tree to at least `value`.
fn fenwick_raise<T: PartialOrd + Copy>(tree: &mut [T], mut at: usize, value: T) {
    while at < tree.len() {
        if tree[at] < value {
            tree[at] = value;
        }
        at += at & at.wrapping_neg();
    }
}

/// The largest entry at 1..=`upto` of a prefix-maximum Fenwick tree (`empty` if none).
fn fenwick_max<T: PartialOrd + Copy>(tree: &[T], mut upto: usize, empty: T) -> T {
    let mut best = empty;
    while upto > 0 {
        if tree[upto] > best {
            best = tree[upto];
        }
        upto -= upto & upto.wrapping_neg();
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small deterministic generator (splitmix64) for the test families.
    fn uniforms(seed: u64, n: usize) -> Vec<f64> {
        let mut state = seed;
        (0..n)
            .map(|_| {
                state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
                let mut z = state;
                z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
                ((z ^ (z >> 31)) >> 11) as f64 / (1u64 << 53) as f64
            })
            .collect()
    }

    #[test]
    fn hommel_equals_the_quadratic_algorithm() {
        let shapes: [fn(f64) -> f64; 4] = [
            |x| x,
            |x| x * x * x,
            |x| (x * 10.0).round() / 10.0,
            |x| 10f64.powf(-8.0 * x),
        ];
        for (seed, m) in (1..400).map(|s| (s as u64, 1 + (s * 7) % 90)) {
            for shape in shapes {
                let mut ps: Vec<f64> = uniforms(seed, m).into_iter().map(shape).collect();
                ps.sort_by(f64::total_cmp);
                let mut out = vec![0.0; m];
                hommel_sorted(&ps, &mut HommelScratch::default(), &mut out);
                let mut quadratic = vec![0.0; m];
                hommel_quadratic(&ps, &mut quadratic);
                assert_eq!(out, quadratic, "m = {m}, {ps:?}");
            }
        }
    }

    #[test]
    fn the_sort_is_stable_and_exact() {
        // 8-byte keys, whole (values in one binade) or with their lowest bits dropped (values
        // from 0 to 1): equal and nearly equal values in input order, then by all their bits
        let shapes: [fn(f64) -> f64; 4] = [
            |x| x * x,
            |x| (x * 10.0).round() / 10.0,
            |x| 0.5 * (1.0 + 1e-13 * (x * 4.0).floor()),
            |x| if x < 0.2 { x } else { 0.5 * (1.0 + 1e-13 * x) },
        ];
        let mut scratch = Scratch::default();
        for (seed, m) in (1..200).map(|s| (s as u64, 1 + (s * 37) % 3000)) {
            for shape in shapes {
                let p: Vec<f64> = uniforms(seed, m).into_iter().map(shape).collect();
                let mut expected: Vec<u32> = (0..m as u32).collect();
                expected.sort_by_key(|&i| (p[i as usize].to_bits(), i));
                scratch.sort(&p);
                assert_eq!(scratch.order, expected, "m = {m}");
                let values: Vec<f64> = expected.iter().map(|&i| p[i as usize]).collect();
                assert_eq!(scratch.sorted, values);
            }
        }
    }

    #[test]
    fn the_window_and_the_tree_agree() {
        // the two routes to the largest c_r with t_r < i, on families with tied slopes too
        let shapes: [fn(f64) -> f64; 3] = [
            |x| x * x,
            |x| (x * 10.0).round() / 10.0,
            |x| (x * 20.0).ceil() / 20.0 * 0.03,
        ];
        let mut falling = 0;
        for (seed, m) in (1..300).map(|s| (s as u64, 2 + (s * 13) % 500)) {
            for shape in shapes {
                let mut ps: Vec<f64> = uniforms(seed, m).into_iter().map(shape).collect();
                ps.sort_by(f64::total_cmp);
                let mut s = HommelScratch::default();
                simes_bounds(&ps, &mut s);
                boundaries(&ps, &mut s);
                if s.last[2..].windows(2).any(|t| t[1] > t[0]) {
                    continue;
                }
                falling += 1;
                let (mut window, mut tree) = (vec![0.0; m], vec![0.0; m]);
                largest_bounds_by_queue(&mut s, &mut window);
                largest_bounds_by_tree(&mut s, &mut tree);
                assert_eq!(window, tree, "m = {m}, {ps:?}");
            }
        }
        assert!(falling > 800, "{falling} families compared");
    }

    #[test]
    fn procedures_in_input_order() {
        let p = [0.04, 0.01, 0.03, 0.01];
        let stop = Interrupt::new();
        let run = |name: &str| adjust(&p, 4, name.parse().unwrap(), &stop).unwrap();
        assert_eq!(run("bonferroni"), [0.16, 0.04, 0.12, 0.04]);
        assert_eq!(run("holm"), [0.06, 0.04, 0.06, 0.04]);
        assert_eq!(run("hochberg"), [0.04, 0.03, 0.04, 0.03]);
        assert!("sidak".parse::<Procedure>().is_err());
        assert!(adjust(&p, 3, Procedure::Holm, &stop).is_err());
        assert!(adjust(&[0.1, f64::NAN], 2, Procedure::Holm, &stop).is_err());
    }
}
