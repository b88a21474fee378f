//! Layout geometry: hit tests land on the cell drawn there, large grids thin out their ticks and
//! drop annotations, and panels wrap on narrow widths.
#![cfg(not(target_arch = "wasm32"))]

use sweepmap::figure::{prepare_figure, FigureOptions, View};
use sweepmap::layout::{layout_figure, nice_ticks};
use sweepmap::{load_csv, CsvOptions, Dataset};

/// A synthetic `size` x `size` grid with value = x + size * y.
fn square(size: usize) -> Dataset {
    rectangle(size, size)
}

/// A synthetic `columns` x `rows` grid with value = x + columns * y.
fn rectangle(columns: usize, rows: usize) -> Dataset {
    let mut text = String::from("y,x,score\n");
    for y in 0..rows {
        for x in 0..columns {
            text.push_str(&format!("{y},{x},{}\n", x + columns * y));
        }
    }
    load_csv(&text, &CsvOptions::default()).unwrap()
}

fn grid_options() -> FigureOptions {
    FigureOptions {
        view: View::Grid,
        ..FigureOptions::default()
    }
}

#[test]
fn hit_tests_find_the_cell_under_the_point_largest_y_on_top() {
    let dataset = square(4);
    let figure = prepare_figure(&dataset, &grid_options()).unwrap();
    let layout = layout_figure(&figure, 800.0);
    let plot = layout.panels[0].plot;
    // Top-left corner: x 0, the largest y (3).
    let hit = layout.hit_test(plot.x + 1.0, plot.y + 1.0).unwrap();
    assert_eq!((hit.panel, hit.x, hit.y), (0, 0, 3));
    // Bottom-right corner: x 3, y 0.
    let hit = layout
        .hit_test(plot.right() - 1.0, plot.bottom() - 1.0)
        .unwrap();
    assert_eq!((hit.x, hit.y), (3, 0));
    assert!(layout.hit_test(plot.x - 1.0, plot.y + 1.0).is_none());
    assert!(layout.hit_test(plot.right() + 0.5, plot.y + 1.0).is_none());
    // A cell's rectangle contains its own centre's hit.
    let rect = layout.cell_rect(0, 2, 1).unwrap();
    let centre = layout
        .hit_test(rect.x + rect.width / 2.0, rect.y + rect.height / 2.0)
        .unwrap();
    assert_eq!((centre.x, centre.y), (2, 1));
}

#[test]
fn a_hundred_by_hundred_grid_drops_annotations_and_thins_ticks() {
    let dataset = square(100);
    let figure = prepare_figure(&dataset, &grid_options()).unwrap();
    let layout = layout_figure(&figure, 800.0);
    let panel = &layout.panels[0];
    assert!(panel.cell_width < 8.0, "{}", panel.cell_width);
    assert_eq!(layout.annotation_font, None);
    // Too dense to name every cell: round landmarks, every tenth cell on both axes.
    let labels = |ticks: &[sweepmap::layout::Tick]| -> Vec<String> {
        ticks.iter().map(|t| t.label.clone()).collect()
    };
    let tens: Vec<String> = (0..10).map(|i| (i * 10).to_string()).collect();
    assert_eq!(labels(&panel.x_ticks), tens);
    assert_eq!(labels(&panel.y_ticks), tens);
    // Centred on their cells (y from the top, largest y first), and never crowded.
    assert_eq!(panel.x_ticks[1].at, panel.plot.x + 10.5 * panel.cell_width);
    assert_eq!(panel.y_ticks[0].at, panel.plot.y + 99.5 * panel.cell_height);
    for ticks in [&panel.x_ticks, &panel.y_ticks] {
        for pair in ticks.windows(2) {
            assert!((pair[1].at - pair[0].at).abs() >= 40.0);
        }
    }
}

#[test]
fn a_thousand_cell_axis_labels_every_fiftieth_cell() {
    let dataset = rectangle(1000, 3);
    let figure = prepare_figure(&dataset, &grid_options()).unwrap();
    let layout = layout_figure(&figure, 800.0);
    let panel = &layout.panels[0];
    // One CSS pixel per column: a label every 50 cells (50 px) is the first round step 40 px
    // apart. The three rows are a label's line tall (14 px), not a pixel: each is labelled.
    assert_eq!((panel.cell_width, panel.cell_height), (1.0, 14.0));
    let fiftieths: Vec<String> = (0..20).map(|i| (i * 50).to_string()).collect();
    let x: Vec<String> = panel.x_ticks.iter().map(|t| t.label.clone()).collect();
    assert_eq!(x, fiftieths);
    // Wider than the 800 px asked: the whole plot and its colour bar, label included, fit.
    assert_eq!(panel.plot.right(), panel.plot.x + 1000.0);
    let bar = &layout.color_bars[0];
    assert!(bar.bar.x > panel.plot.right());
    assert_eq!(
        layout.width,
        (bar.label_at.0 + 12.5 / 2.0 + 4.0 + 12.0).ceil()
    );
    assert!(
        layout.width > 1000.0 && layout.width < 1200.0,
        "{}",
        layout.width
    );
    let y: Vec<&str> = panel.y_ticks.iter().map(|t| t.label.as_str()).collect();
    assert_eq!(y, ["0", "1", "2"]);
}

#[test]
fn small_grids_annotate_every_cell_with_every_tick() {
    let dataset = square(5);
    let figure = prepare_figure(&dataset, &grid_options()).unwrap();
    let layout = layout_figure(&figure, 800.0);
    assert!(layout.annotation_font.unwrap() >= 10.0);
    assert_eq!(layout.panels[0].x_ticks.len(), 5);
    assert_eq!(layout.panels[0].y_ticks.len(), 5);
}

#[test]
fn nice_ticks_fall_strictly_inside_the_domain() {
    assert_eq!(
        nice_ticks(24.0, 48.0, 4, 1),
        vec![25.0, 30.0, 35.0, 40.0, 45.0]
    );
    assert_eq!(nice_ticks(85.0, 88.5, 3, 1), vec![86.0, 87.0, 88.0]);
    assert!(nice_ticks(1.0, 1.0, 4, 1).is_empty());
    assert!(nice_ticks(f64::NAN, 1.0, 4, 1).is_empty());
}

#[test]
fn colour_bar_ticks_keep_clear_of_the_end_labels() {
    let path =
        std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("www/data/kv-cache-sweep.json");
    let dataset = sweepmap::load_json(&std::fs::read_to_string(path).unwrap()).unwrap();
    let figure = prepare_figure(&dataset, &grid_options()).unwrap();
    for width in [600.0, 800.0, 1280.0] {
        let layout = layout_figure(&figure, width);
        for bar in &layout.color_bars {
            for pair in bar.ticks.windows(2) {
                let gap = (pair[0].at - pair[1].at).abs();
                assert!(
                    gap >= 18.0,
                    "{} and {} are {gap:.1} px apart at width {width}",
                    pair[0].label,
                    pair[1].label
                );
            }
        }
    }
}

#[test]
fn each_model_starts_its_own_row_when_the_grid_wraps() {
    let path =
        std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("www/data/kv-cache-sweep.json");
    let dataset = sweepmap::load_json(&std::fs::read_to_string(path).unwrap()).unwrap();
    let figure = prepare_figure(&dataset, &grid_options()).unwrap();
    // 2 models x 5 benchmarks; at 1280 px three panels fit in a row.
    let layout = layout_figure(&figure, 1280.0);
    assert_eq!(layout.columns, 3);
    let tops: Vec<f64> = layout.panels.iter().map(|p| p.plot.y).collect();
    // R1-Llama fills two rows (3 + 2); R1-Qwen starts on the third.
    assert_eq!(tops[0], tops[2]);
    assert!(tops[3] > tops[2]);
    assert_eq!(tops[3], tops[4]);
    assert!(tops[5] > tops[4]);
    assert_eq!(layout.panels[5].plot.x, layout.panels[0].plot.x);
}

#[test]
fn a_single_panel_keeps_cells_no_wider_than_twice_their_height() {
    let dataset = square(5);
    let figure = prepare_figure(&dataset, &grid_options()).unwrap();
    let layout = layout_figure(&figure, 1280.0);
    let panel = &layout.panels[0];
    assert!(
        panel.cell_width <= 2.0 * panel.cell_height + 1e-9,
        "{panel:?}"
    );
}

/// Six lm-evaluation-harness task names (x) against three long model names (y), as a run of
/// `lm_eval` over three models gives them.
fn tasks_by_models() -> Dataset {
    let tasks = [
        "mmlu",
        "hellaswag",
        "arc_easy",
        "mmlu_abstract_algebra",
        "mmlu_anatomy",
        "winogrande_debiased_with_a_very_long_suffix_for_the_test",
    ];
    let mut text = String::from("model,task,acc\n");
    for (y, model) in [
        "synthetic/model-a",
        "synthetic/model-b",
        "synthetic/model-c",
    ]
    .iter()
    .enumerate()
    {
        for (x, task) in tasks.iter().enumerate() {
            text.push_str(&format!("{model},{task},{}\n", 0.3 + 0.05 * (x + y) as f64));
        }
    }
    let options = CsvOptions {
        x: Some("task".into()),
        y: Some("model".into()),
        ..CsvOptions::default()
    };
    load_csv(&text, &options).unwrap()
}

#[test]
fn task_names_too_wide_to_sit_level_are_turned_upright_and_every_one_shown() {
    let figure = prepare_figure(&tasks_by_models(), &grid_options()).unwrap();
    let layout = layout_figure(&figure, 800.0);
    let panel = &layout.panels[0];
    // Level, "mmlu_abstract_algebra" (about 135 px) under cells of about 90 px would have
    // labelled every other task only.
    assert!(
        panel.cell_width >= 14.0 && panel.cell_width < 135.0,
        "{}",
        panel.cell_width
    );
    assert!(panel.x_ticks_turned);
    let labels: Vec<&str> = panel.x_ticks.iter().map(|t| t.label.as_str()).collect();
    assert_eq!(
        labels[..5],
        [
            "mmlu",
            "hellaswag",
            "arc_easy",
            "mmlu_abstract_algebra",
            "mmlu_anatomy"
        ]
    );
    // The longest is cut in its middle to 160 px; hover has the whole name.
    assert!(
        labels[5].starts_with("winogran")
            && labels[5].contains('…')
            && labels[5].ends_with("_for_the_test"),
        "{}",
        labels[5]
    );
    assert!(sweepmap::layout::estimate_text_width(labels[5], layout.tick_font) <= 160.0);
    // Each centred on its cell; the axis name below the longest label.
    for (index, tick) in panel.x_ticks.iter().enumerate() {
        assert_eq!(
            tick.at,
            panel.plot.x + (index as f64 + 0.5) * panel.cell_width
        );
    }
    assert!(
        panel.x_label_at.1 >= panel.plot.bottom() + 160.0,
        "{:?}",
        panel.x_label_at
    );
    // The model names are labelled level, every one.
    assert_eq!(panel.y_ticks.len(), 3);
    // Short labels stay level (the seed figure's ratios).
    let square_figure = prepare_figure(&square(5), &grid_options()).unwrap();
    assert!(!layout_figure(&square_figure, 800.0).panels[0].x_ticks_turned);
}

#[test]
fn a_narrow_figure_labels_every_model_and_gives_their_names_a_third_of_its_width() {
    let figure = prepare_figure(&tasks_by_models(), &grid_options()).unwrap();
    let layout = layout_figure(&figure, 300.0);
    let panel = &layout.panels[0];
    // A row a label's line tall at least: all three models named.
    assert!(panel.cell_height >= 14.0, "{}", panel.cell_height);
    let models: Vec<&str> = panel.y_ticks.iter().map(|t| t.label.as_str()).collect();
    assert_eq!(models.len(), 3, "{models:?}");
    // 30 % of the panel's width (the 276 px inside the padding, less the colour bar the grid's
    // panels share): names are cut in their middle, keeping the end that tells them apart.
    assert_eq!(models, ["syn…del-a", "syn…del-b", "syn…del-c"]);
    for model in &models {
        assert!(sweepmap::layout::estimate_text_width(model, layout.tick_font) <= 0.3 * 276.0);
    }
    assert!(
        panel.plot.x <= 12.0 + 12.5 + 10.0 + 0.3 * 276.0 + 8.0 + 0.01,
        "{}",
        panel.plot.x
    );
}
