use super::*;

fn data(means: &[f64]) -> Data {
    Data {
        means: means.to_vec(),
        sum_squares: vec![9.0; means.len()],
        n: 10,
        rho: 0.1,
    }
}

fn prior() -> Prior {
    Prior {
        delta0_bound: 5.0,
        std0_high: 1000.0,
        sigma_high: 1000.0,
        alpha: (1.0, 2.0),
        beta: (0.01, 0.1),
    }
}

fn settings(draws: usize, n_chains: usize) -> Settings {
    Settings {
        draws,
        n_chains,
        n_warmup: 200,
        seed: 11,
    }
}

#[test]
fn draws_repeat_with_the_seed_and_on_one_thread() {
    let d = data(&[0.1, -0.3, 0.5, 0.2]);
    let s = settings(300, 3);
    let a = sample_hierarchical(&d, &prior(), &s, &Interrupt::new()).unwrap();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    let one = pool
        .install(|| sample_hierarchical(&d, &prior(), &s, &Interrupt::new()))
        .unwrap();
    assert_eq!(a, one);
    assert_eq!(a.delta0.len(), 900);
    assert!(a.std0.iter().all(|&v| v > 0.0 && v < 1000.0));
    assert!(a.nu.iter().all(|&v| v > 1.0));
    assert!(a.delta0.iter().all(|&v| v.abs() < 5.0));
}

#[test]
fn a_clear_common_effect_is_found() {
    let means: Vec<f64> = (0..20)
        .map(|i| 1.0 + 0.05 * f64::from(i % 5) - 0.1)
        .collect();
    let d = Data {
        sum_squares: vec![0.9; 20],
        n: 10,
        ..data(&means)
    };
    let draws = sample_hierarchical(&d, &prior(), &settings(4000, 2), &Interrupt::new()).unwrap();
    let mean = draws.delta0.iter().sum::<f64>() / draws.delta0.len() as f64;
    assert!((mean - 1.0).abs() < 0.05, "{mean}");
}

#[test]
fn bad_input_is_refused_before_work() {
    let stop = Interrupt::new();
    let s = settings(10, 2);
    let refused = |d: &Data, p: &Prior, s: &Settings| {
        matches!(
            sample_hierarchical(d, p, s, &stop),
            Err(CoreError::BadSetting { .. })
        )
    };
    assert!(refused(&data(&[]), &prior(), &s));
    assert!(refused(
        &Data {
            n: 1,
            ..data(&[0.1])
        },
        &prior(),
        &s
    ));
    assert!(refused(
        &Data {
            rho: 1.0,
            ..data(&[0.1])
        },
        &prior(),
        &s
    ));
    assert!(refused(
        &Data {
            sum_squares: vec![0.0],
            ..data(&[0.1])
        },
        &prior(),
        &s
    ));
    assert!(refused(&data(&[f64::NAN]), &prior(), &s));
    let flat = Prior {
        alpha: (2.0, 1.0),
        ..prior()
    };
    assert!(refused(&data(&[0.1]), &flat, &s));
    assert!(refused(&data(&[0.1]), &prior(), &settings(10, 0)));
    assert!(refused(&data(&[0.1]), &prior(), &settings(MAX_DRAWS, 2)));
}

#[test]
fn a_raised_interrupt_stops_the_chains() {
    let stop = Interrupt::new();
    stop.raise();
    let got = sample_hierarchical(&data(&[0.1, 0.2]), &prior(), &settings(10, 2), &stop);
    assert_eq!(got, Err(CoreError::Interrupted));
}
