//! Numbers as Python writes them, for the long tables of the report's outputs: the text of
//! `repr(x)` of a finite float (the shortest decimal digits that read back to `x`, laid out
//! as CPython's `float_repr_style = 'short'`), and the rows `"table","row","column",value`
//! of a tidy CSV (the report's post-hoc table of half a million pairs at k = 1000), byte for
//! byte what Python's csv module writes with `QUOTE_NONNUMERIC`.

use std::io::Write;

use crate::CoreError;

/// Appends `x` (finite) to `out` as Python's `repr(x)`: the shortest digits that read back to
/// `x` (those of Rust's `{:e}`; where two are equally near, the even one, as Python picks),
/// positional when the decimal exponent lies in [-4, 16) (`0.0001`, `1.0`,
/// `9999999999999999.0`), else scientific with a signed exponent of at least two digits
/// (`1e-05`, `1.5e+16`, `5e-324`).
pub fn push_repr(out: &mut Vec<u8>, x: f64) {
    let (digits, n, exponent) = shortest(x.abs());
    let digits = &digits[..n];
    if x.is_sign_negative() {
        out.push(b'-');
    }
    if !(-4..16).contains(&exponent) {
        out.push(digits[0]);
        if n > 1 {
            out.push(b'.');
            out.extend_from_slice(&digits[1..]);
        }
        let sign = if exponent < 0 { b'-' } else { b'+' };
        let magnitude = exponent.unsigned_abs();
        out.extend_from_slice(&[b'e', sign]);
        if magnitude < 10 {
            out.push(b'0');
        }
        write!(out, "{magnitude}").expect("writing to a Vec cannot fail");
        return;
    }
    // The decimal point falls after `point` digits (0.ddd when point <= 0).
    let point = exponent + 1;
    if point <= 0 {
        out.extend_from_slice(b"0.");
        out.extend(std::iter::repeat_n(b'0', point.unsigned_abs() as usize));
        out.extend_from_slice(digits);
        return;
    }
    let point = point.unsigned_abs() as usize;
    if point < n {
        out.extend_from_slice(&digits[..point]);
        out.push(b'.');
        out.extend_from_slice(&digits[point..]);
    } else {
        out.extend_from_slice(digits);
        out.extend(std::iter::repeat_n(b'0', point - n));
        out.extend_from_slice(b".0");
    }
}

/// The shortest decimal digits of `x` (>= 0, finite) that read back to it, their count and
/// the decimal exponent of the first: `x` = d.ddd x 10^exponent. Ryu gives them (three
/// times faster than Rust's `{:e}`), but where `x` lies exactly halfway between two such that
/// both read back to `x` (only possible with 16 or 17 digits) it may take the upper and
/// Python the even one (David Gay's dtoa): that case is checked exactly and mended.
fn shortest(x: f64) -> ([u8; 17], usize, i32) {
    let mut buffer = ryu::Buffer::new();
    let (digits, mut n, exponent) = digits_of(buffer.format_finite(x).as_bytes());
    let mut digits = digits;
    if n >= 16 && digits[n - 1] % 2 == 1 {
        let value = digits[..n]
            .iter()
            .fold(0u64, |acc, &c| acc * 10 + u64::from(c - b'0'));
        let unit = exponent - i32::try_from(n).expect("at most 17") + 1; // 10^unit: last digit
                                                                         // halfway, and the even candidate reads back to `x` too (beside a power of two the
                                                                         // gap below is half the gap above, and only the upper one may)
        if is_midpoint(x, u128::from(value) * 10 - 5, unit - 1)
            && format!("{}e{unit}", value - 1).parse::<f64>() == Ok(x)
        {
            digits[n - 1] -= 1; // odd to even: no borrow
            while n > 1 && digits[n - 1] == b'0' {
                n -= 1;
            }
        }
    }
    (digits, n, exponent)
}

/// The significant digits of the text Ryu writes for a finite float >= 0 (`0.0`, `0.00123`,
/// `123.45`, `1230000.0`, `1.5e16`, `1e-7`), their count and the decimal exponent of the
/// first (`0.0`: the digit 0, exponent 0).
fn digits_of(text: &[u8]) -> ([u8; 17], usize, i32) {
    let (mantissa, e10) = match text.iter().position(|&c| c == b'e') {
        Some(at) => (&text[..at], parse_exponent(&text[at + 1..])),
        None => (text, 0),
    };
    let point = mantissa
        .iter()
        .position(|&c| c == b'.')
        .unwrap_or(mantissa.len());
    let all = mantissa.iter().copied().filter(|&c| c != b'.');
    let (mut digits, mut n, mut first) = ([b'0'; 17], 0usize, None);
    for (i, c) in all.enumerate() {
        if first.is_none() && c == b'0' {
            continue;
        }
        first.get_or_insert(i);
        if n < digits.len() {
            digits[n] = c;
            n += 1;
        } // beyond 17 significant digits only the zeros of an integer's ".0" come
    }
    while n > 1 && digits[n - 1] == b'0' {
        n -= 1;
    }
    let Some(first) = first else {
        return (digits, 1, 0);
    };
    let shift = i32::try_from(point).expect("short") - i32::try_from(first).expect("short");
    (digits, n, e10 + shift - 1)
}

/// The exponent after the `e` (`-7`, `16`).
fn parse_exponent(text: &[u8]) -> i32 {
    let (negative, digits) = match text.split_first() {
        Some((b'-', rest)) => (true, rest),
        _ => (false, text),
    };
    let value = digits
        .iter()
        .fold(0i32, |acc, &c| acc * 10 + i32::from(c - b'0'));
    if negative {
        -value
    } else {
        value
    }
}

/// Whether `x` equals `c` x 10^`power` exactly (`c` < 10^18).
fn is_midpoint(x: f64, c: u128, power: i32) -> bool {
    if power >= 0 {
        // c x 10^power: an integer, a float only if its odd part fits 53 bits
        let Some(value) = 10u128
            .checked_pow(power.unsigned_abs())
            .and_then(|p| p.checked_mul(c))
        else {
            return false;
        };
        return exactly(value, 0) == Some(x);
    }
    // c / 10^s = (c / 5^s) / 2^s: a float only if 5^s divides c
    let s = power.unsigned_abs();
    match 5u128.checked_pow(s) {
        Some(fives) if c % fives == 0 => {
            exactly(c / fives, -i32::try_from(s).unwrap_or(0)) == Some(x)
        }
        _ => false,
    }
}

/// `value` x 2^`twos` as a float when that is exact (its odd part fits 53 bits), else None.
fn exactly(value: u128, twos: i32) -> Option<f64> {
    if value == 0 {
        return Some(0.0);
    }
    let zeros = value.trailing_zeros();
    let odd = value >> zeros;
    if odd >= 1 << 53 {
        return None;
    }
    #[allow(clippy::cast_precision_loss)] // odd < 2^53: exact
    let odd = odd as f64;
    let scale = twos + i32::try_from(zeros).ok()?;
    Some(odd * 2f64.powi(scale))
}

/// A table of `first.len()` rows in columns: row i is labelled `heads[first[i]]` followed by
/// `tails[second[i]]` (a pair "a vs b" from the names, without a string per pair), `columns`
/// names the columns, the first `numbers.len() / first.len()` of them numbers (`numbers`,
/// row-major), the rest booleans (`flags`, row-major).
pub struct Cells<'a> {
    /// The table's name, the first field of each row.
    pub table: &'a str,
    /// The first parts of the row labels.
    pub heads: &'a [String],
    /// The second parts of the row labels.
    pub tails: &'a [String],
    /// Each row's position in `heads`.
    pub first: &'a [usize],
    /// Each row's position in `tails`.
    pub second: &'a [usize],
    /// The column names, the numbers' first.
    pub columns: &'a [String],
    /// The number cells, one row of the table after another.
    pub numbers: &'a [f64],
    /// The boolean cells, one row of the table after another.
    pub flags: &'a [bool],
}

/// The cells as the rows `"table","row","column",value` of a tidy CSV, one row of the table
/// after another (numbers as [`push_repr`], booleans `True`/`False`, text in double quotes:
/// the caller passes names without quotes, backslashes or line breaks). Errors: lengths that
/// do not make one cell per row and column, a label position out of range, a number that is
/// not finite.
pub fn long_rows(cells: &Cells<'_>) -> Result<Vec<u8>, CoreError> {
    let m = cells.first.len();
    let width = cells.columns.len();
    let fail = |detail: String| Err(CoreError::BadCells { detail });
    if m == 0 || cells.second.len() != m || cells.numbers.len() + cells.flags.len() != m * width {
        return fail(format!(
            "{} numbers and {} flags are not {m} rows ({} second labels) of {width} columns",
            cells.numbers.len(),
            cells.flags.len(),
            cells.second.len()
        ));
    }
    let n_numbers = cells.numbers.len() / m;
    if n_numbers * m != cells.numbers.len() {
        return fail(format!(
            "{} numbers do not fill {m} rows",
            cells.numbers.len()
        ));
    }
    let outside = |at: &[usize], of: &[String]| at.iter().position(|&i| i >= of.len());
    if let Some(at) = outside(cells.first, cells.heads).or(outside(cells.second, cells.tails)) {
        return fail(format!("row {at}'s label lies outside the heads or tails"));
    }
    if let Some(at) = cells.numbers.iter().position(|v| !v.is_finite()) {
        return fail(format!("cell {at} is not finite: {}", cells.numbers[at]));
    }
    let n_flags = width - n_numbers;
    let heads: Vec<String> = cells
        .columns
        .iter()
        .map(|column| format!("\",\"{column}\","))
        .collect();
    // Room for every row ("table","label + head value\n; a number takes at most 24 bytes,
    // a flag 5): no reallocation.
    let labels: usize = (cells.first.iter())
        .zip(cells.second)
        .map(|(&i, &j)| cells.heads[i].len() + cells.tails[j].len())
        .sum();
    let per_row = width * (cells.table.len() + 5) + heads.iter().map(String::len).sum::<usize>();
    let mut out =
        Vec::with_capacity(m * per_row + width * labels + m * (24 * n_numbers + 5 * n_flags));
    let mut row = Vec::new();
    for i in 0..m {
        row.clear();
        row.push(b'"');
        row.extend_from_slice(cells.table.as_bytes());
        row.extend_from_slice(b"\",\"");
        row.extend_from_slice(cells.heads[cells.first[i]].as_bytes());
        row.extend_from_slice(cells.tails[cells.second[i]].as_bytes());
        for (j, head) in heads.iter().enumerate() {
            out.extend_from_slice(&row);
            out.extend_from_slice(head.as_bytes());
            if j < n_numbers {
                push_repr(&mut out, cells.numbers[i * n_numbers + j]);
            } else {
                let flag = cells.flags[i * n_flags + j - n_numbers];
                out.extend_from_slice(if flag { b"True" } else { b"False" });
            }
            out.push(b'\n');
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn repr(x: f64) -> String {
        let mut out = Vec::new();
        push_repr(&mut out, x);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn floats_read_as_python_writes_them() {
        let cases = [
            (0.0, "0.0"),
            (-0.0, "-0.0"),
            (1.0, "1.0"),
            (1.5, "1.5"),
            (-2.25, "-2.25"),
            (0.0001, "0.0001"),
            (1e-05, "1e-05"),
            (-3.5e-7, "-3.5e-07"),
            (0.1 + 0.2, "0.30000000000000004"),
            (123.456, "123.456"),
            (1e15, "1000000000000000.0"),
            (9999999999999998.0, "9999999999999998.0"),
            (1e16, "1e+16"),
            (1.2345e100, "1.2345e+100"),
            (5e-324, "5e-324"),
            (f64::MAX, "1.7976931348623157e+308"),
            (f64::MIN_POSITIVE, "2.2250738585072014e-308"),
            // exactly halfway between two shortest candidates: the even one, as Python
            (-(17_179_720_819_105.0 + 0.8125), "-17179720819105.812"),
            (897_910_207_200_143.0 + 0.25, "897910207200143.2"),
            (1.0000000000000002, "1.0000000000000002"),
            // halfway, but beside a power of two only the upper candidate reads back
            (2f64.powi(-24), "5.960464477539063e-08"),
        ];
        for (x, expected) in cases {
            assert_eq!(repr(x), expected, "{x:e}");
        }
    }

    #[test]
    fn digits_are_read_from_each_form_ryu_writes() {
        let cases: [(&str, &str, i32); 8] = [
            ("0.0", "0", 0),
            ("0.00123", "123", -3),
            ("123.45", "12345", 2),
            ("1230000.0", "123", 6),
            ("1.5e16", "15", 16),
            ("1e-7", "1", -7),
            ("9999999999999998.0", "9999999999999998", 15),
            ("1.7976931348623157e308", "17976931348623157", 308),
        ];
        for (text, digits, exponent) in cases {
            let (d, n, e) = digits_of(text.as_bytes());
            assert_eq!((&d[..n], e), (digits.as_bytes(), exponent), "{text}");
        }
    }

    #[test]
    fn rows_are_written_cell_by_cell() {
        let heads = vec!["a vs ".to_string(), "'-c vs ".to_string()];
        let tails = vec!["a".to_string(), "b".to_string()];
        let columns = vec!["z".to_string(), "pvalue".to_string(), "reject".to_string()];
        let cells = Cells {
            table: "posthoc",
            heads: &heads,
            tails: &tails,
            first: &[0, 1],
            second: &[1, 0],
            columns: &columns,
            numbers: &[1.0, 0.5, -2.0, 1e-9],
            flags: &[true, false],
        };
        let text = String::from_utf8(long_rows(&cells).unwrap()).unwrap();
        assert_eq!(
            text,
            "\"posthoc\",\"a vs b\",\"z\",1.0\n\"posthoc\",\"a vs b\",\"pvalue\",0.5\n\
             \"posthoc\",\"a vs b\",\"reject\",True\n\"posthoc\",\"'-c vs a\",\"z\",-2.0\n\
             \"posthoc\",\"'-c vs a\",\"pvalue\",1e-09\n\"posthoc\",\"'-c vs a\",\"reject\",False\n"
        );
    }

    #[test]
    fn wrong_shapes_and_non_finite_numbers_are_refused() {
        let names = vec!["a".to_string()];
        let columns = vec!["z".to_string()];
        let mut cells = Cells {
            table: "t",
            heads: &names,
            tails: &names,
            first: &[0],
            second: &[0],
            columns: &columns,
            numbers: &[f64::NAN],
            flags: &[],
        };
        assert!(matches!(long_rows(&cells), Err(CoreError::BadCells { .. })));
        cells.numbers = &[1.0, 2.0];
        assert!(matches!(long_rows(&cells), Err(CoreError::BadCells { .. })));
        cells.numbers = &[1.0];
        assert!(long_rows(&cells).is_ok());
        cells.second = &[1];
        assert!(matches!(long_rows(&cells), Err(CoreError::BadCells { .. })));
        cells.second = &[0, 0];
        assert!(matches!(long_rows(&cells), Err(CoreError::BadCells { .. })));
    }
}
