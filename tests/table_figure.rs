//! A run table's view says what it shows: the projection's description travels with its dataset
//! (`Dataset::shows`), is drawn under every panel's title (SVG and every other surface share the
//! layout), and opens the key observations, their Markdown and the accessible description.
//! Datasets without it draw as before (the golden SVGs of tests/render.rs).
#![cfg(not(target_arch = "wasm32"))]

mod common;

use sweepmap::figure::{key_observations, prepare_figure, FigureOptions, View};
use sweepmap::layout::layout_figure;
use sweepmap::render::render_svg;
use sweepmap::table::{open_sweep, opens_what_tidy_refuses, Choice, TableOptions};
use sweepmap::{load_csv, CsvOptions, Dataset};

use common::sweep_fixture as fixture;

/// The default view of a CSV text, projected.
fn projected(text: &str) -> (Dataset, String) {
    let sweep = open_sweep(text, &TableOptions::default()).unwrap();
    let projection = sweep.project(&sweep.default_view().unwrap()).unwrap();
    (projection.dataset, projection.description)
}

/// The SVG of a dataset's grid view, and its panel count.
fn svg(dataset: &Dataset) -> (String, usize) {
    let options = FigureOptions {
        view: View::Grid,
        ..FigureOptions::default()
    };
    let figure = prepare_figure(dataset, &options).unwrap();
    let layout = layout_figure(&figure, 900.0);
    (render_svg(&figure, &layout).unwrap(), figure.panels.len())
}

/// Every text element's content in an SVG, in order.
fn texts(svg: &str) -> Vec<String> {
    svg.split("<text")
        .skip(1)
        .filter_map(|part| {
            let start = part.find('>')? + 1;
            let end = part.find("</text>")?;
            Some(part.get(start..end)?.trim().to_string())
        })
        .collect()
}

#[test]
fn a_projection_carries_its_description() {
    for name in ["synthetic-wandb-runs.csv", "synthetic-optuna-trials.csv"] {
        let (dataset, description) = projected(&fixture(name));
        assert!(!description.is_empty(), "{name}");
        assert_eq!(
            dataset.shows.as_deref(),
            Some(description.as_str()),
            "{name}"
        );
    }
    let (wandb, description) = projected(&fixture("synthetic-wandb-runs.csv"));
    assert_eq!(wandb.x.name, "lr");
    assert!(
        description.contains("(fixed at the best run's)"),
        "{description}"
    );
}

#[test]
fn the_description_is_drawn_under_every_panel_title() {
    // Three parameters, c shown as panels: two panels, each saying what it shows.
    let text = "a,b,c,acc\n1,x,p,0.1\n2,x,p,0.2\n1,y,p,0.3\n2,y,p,0.4\n\
                1,x,q,0.5\n2,x,q,0.05\n1,y,q,0.6\n2,y,q,0.35\n";
    let sweep = open_sweep(text, &TableOptions::default()).unwrap();
    let mut view = sweep.default_view().unwrap();
    view.x = "a".into();
    view.y = "b".into();
    view.others.clear();
    view.others.insert("c".into(), Choice::Facet);
    let projection = sweep.project(&view).unwrap();
    assert_eq!(projection.description, "panels by c; 1 run per cell");
    let (svg, panels) = svg(&projection.dataset);
    assert_eq!(panels, 2);
    let texts = texts(&svg);
    let drawn = texts
        .iter()
        .filter(|t| t.as_str() == "panels by c; 1 run per cell")
        .count();
    assert_eq!(drawn, 2, "{texts:?}");
    // With each panel's title (drawn just before it).
    for title in ["c = p", "c = q"] {
        let at = texts.iter().position(|t| t == title).unwrap();
        assert_eq!(texts[at - 1], "panels by c; 1 run per cell", "{texts:?}");
    }
}

#[test]
fn a_long_description_wraps_to_the_panel_and_shifts_the_plot_down() {
    let (dataset, description) = projected(&fixture("synthetic-optuna-trials.csv"));
    assert!(description.len() > 80, "{description}");
    // The figure writes the caption: the description without the caveats that observations,
    // hover and exports give in full.
    assert_eq!(
        description,
        "best over n_layers, optimizer (values differ per cell: hover to see); the best of up \
         to 2 configurations per cell is biased low, and its standard error does not count the \
         selection; lr in 8 log-spaced bins, each the mean of its runs; dropout in 10 equal \
         bins, each the mean of its runs; 1 run per cell"
    );
    let caption = dataset.caption.clone().unwrap();
    assert_eq!(
        caption,
        "best over n_layers, optimizer (per cell; biased low); lr in 8 log-spaced bins; dropout \
         in 10 equal bins; 1 run per cell"
    );
    let plain = Dataset {
        shows: None,
        caption: None,
        ..dataset.clone()
    };
    let options = FigureOptions {
        view: View::Grid,
        ..FigureOptions::default()
    };
    let said = layout_figure(&prepare_figure(&dataset, &options).unwrap(), 390.0);
    let unsaid = layout_figure(&prepare_figure(&plain, &options).unwrap(), 390.0);
    let lines: Vec<&str> = said.panels[0]
        .subtitle
        .iter()
        .map(|(line, _)| line.as_str())
        .collect();
    assert!(lines.len() > 1, "{lines:?}");
    assert_eq!(lines.join(" "), caption);
    // Observations and Markdown say it in full.
    let figure = prepare_figure(&dataset, &options).unwrap();
    let observed = sweepmap::figure::key_observations(&dataset, &figure, &View::Grid, None);
    assert_eq!(observed.shows.as_deref(), Some(description.as_str()));
    assert!(unsaid.panels[0].subtitle.is_empty());
    assert!(said.panels[0].plot.y > unsaid.panels[0].plot.y);
    assert!(said.height > unsaid.height);
}

#[test]
fn observations_and_markdown_say_what_is_shown() {
    let (dataset, description) = projected(&fixture("synthetic-wandb-runs.csv"));
    let view = View::Grid;
    let options = FigureOptions {
        view: view.clone(),
        ..FigureOptions::default()
    };
    let figure = prepare_figure(&dataset, &options).unwrap();
    let shown = key_observations(&dataset, &figure, &view, Some(0.95));
    assert_eq!(shown.shows.as_deref(), Some(description.as_str()));
    let markdown = shown.markdown();
    let first = markdown.lines().next().unwrap();
    let escaped = sweepmap::figure::escape_markdown(&format!("Shown: {description}."));
    assert_eq!(first, escaped);
    assert!(shown
        .description()
        .starts_with(&format!("Key observations. Shown: {description}. ")));
}

#[test]
fn a_dataset_of_a_loader_says_nothing_more() {
    let text = "lr,wd,acc\n1,1,0.5\n2,1,0.6\n1,2,0.7\n2,2,0.8\n";
    let dataset = load_csv(text, &CsvOptions::default()).unwrap();
    assert_eq!(dataset.shows, None);
    let options = FigureOptions::default();
    let figure = prepare_figure(&dataset, &options).unwrap();
    assert!(figure.panels.iter().all(|p| p.subtitle.is_empty()));
    let shown = key_observations(&dataset, &figure, &options.view, Some(0.95));
    assert_eq!(shown.shows, None);
    assert!(!shown.markdown().contains("Shown:"));
}

#[test]
fn explain_says_how_the_file_was_read_what_is_drawn_and_why() {
    let text = fixture("synthetic-wandb-runs.csv");
    let sweep = open_sweep(&text, &TableOptions::default()).unwrap();
    let projection = sweep.project(&sweep.default_view().unwrap()).unwrap();
    let lines = sweep.explain(&projection);
    let effects = sweep.main_effects(&projection.view.metric).unwrap();
    assert!(effects.len() >= 2);
    let view = &projection.view;
    let mut axes = [view.x.as_str(), view.y.as_str()];
    let mut top = [effects[0].label.as_str(), effects[1].label.as_str()];
    axes.sort_unstable();
    top.sort_unstable();
    assert_eq!(axes, top);
    // The headline: what is drawn and why, and the notes to check; not the shares the controls
    // show.
    let notes = sweep.notices.len() + projection.notices.len();
    assert_eq!(notes, 1);
    assert_eq!(
        lines[0],
        format!(
            "Drawn: \"val/acc\" (higher is better) by \"{}\" (x) and \"{}\" (y), the parameters \
             with the largest main effect. 1 note to check below.",
            view.x, view.y
        )
    );
    assert_eq!(
        lines[1],
        format!(
            "Read as a W&B runs export: {} runs; parameters \"batch_size\", \"lr\", \
             \"warmup_steps\"; metrics \"train/loss\", \"val/acc\"; replicate \
             \"seed\".",
            sweep.table.runs()
        )
    );
    assert_eq!(lines[2], format!("Shown: {}.", projection.description));
    assert_eq!(&lines[3..3 + sweep.notices.len()], sweep.notices.as_slice());
    assert_eq!(lines.len(), 3 + notes);
    assert!(lines.iter().all(|line| !line.contains('%')), "{lines:?}");
    assert!(
        sweep.notices.iter().any(|n| n.contains("not finished")),
        "{:?}",
        sweep.notices
    );
}

/// The tidy loader's refusals a page answers with a run table: roles it cannot tell apart and
/// pandas' unnamed index column; never a refusal whose file its author should fix (the
/// malformed corpus' duplicates, empty fields, text for numbers), whose message stays.
#[test]
fn run_tables_answer_only_refusals_of_columns() {
    let refused = |text: &str| load_csv(text, &CsvOptions::default()).unwrap_err();
    for name in ["synthetic-wandb-runs.csv", "synthetic-optuna-trials.csv"] {
        assert!(opens_what_tidy_refuses(&refused(&fixture(name))), "{name}");
    }
    let three = "a,b,c,acc\n1,x,p,0.1\n2,y,q,0.2\n";
    assert!(opens_what_tidy_refuses(&refused(three)));
    let two_metrics = "a,b,accuracy,loss\n1,x,0.1,2\n2,y,0.2,1\n";
    assert!(opens_what_tidy_refuses(&refused(two_metrics)));
    let pandas = ",a,b,acc\n0,1,x,0.1\n1,2,y,0.2\n";
    assert!(opens_what_tidy_refuses(&refused(pandas)));
    assert!(!opens_what_tidy_refuses(&refused("a,,b,acc\n1,2,x,0.1\n")));
    let corpus = format!("{}/tests/malformed", env!("CARGO_MANIFEST_DIR"));
    for name in [
        "sweep-duplicate-cell.csv",
        "sweep-duplicate-cell-as-written-differently.csv",
        "sweep-duplicate-replicate.csv",
        "sweep-empty-axis-field.csv",
        "sweep-empty-model.csv",
    ] {
        let text = std::fs::read_to_string(format!("{corpus}/{name}")).unwrap();
        let error = refused(&text);
        let expected = std::fs::read_to_string(format!("{corpus}/{name}.expected")).unwrap();
        assert_eq!(error.to_string(), expected.trim(), "{name}");
        assert!(!opens_what_tidy_refuses(&error), "{name}");
    }
    for name in [
        "sweep-ambiguous-axes.csv",
        "sweep-ambiguous-model.csv",
        "sweep-ambiguous-value.csv",
    ] {
        let text = std::fs::read_to_string(format!("{corpus}/{name}")).unwrap();
        assert!(opens_what_tidy_refuses(&refused(&text)), "{name}");
    }
}

/// The axes a view chose are said to be chosen, not to be the largest main effects; axes that
/// are the two largest (in either order) keep the ranking's reason.
#[test]
fn explain_says_axes_chosen_in_the_view() {
    let text = "a,b,c,acc\n1,x,p,0.1\n2,x,p,0.2\n1,y,p,0.3\n2,y,p,0.4\n\
                1,x,q,0.5\n2,x,q,0.05\n1,y,q,0.6\n2,y,q,0.35\n";
    let sweep = open_sweep(text, &TableOptions::default()).unwrap();
    let default = sweep.default_view().unwrap();
    assert_eq!((default.x.as_str(), default.y.as_str()), ("b", "a"));
    let drawn = |x: &str, y: &str| {
        let mut view = sweepmap::table::View {
            x: x.into(),
            y: y.into(),
            ..default.clone()
        };
        view.others.clear();
        let projection = sweep.project(&view).unwrap();
        sweep.explain(&projection)[0].clone()
    };
    assert_eq!(
        drawn("a", "c"),
        "Drawn: \"acc\" (higher is better) by \"a\" (x) and \"c\" (y), chosen in the view, \
         not by main effect."
    );
    assert_eq!(
        drawn("a", "b"),
        "Drawn: \"acc\" (higher is better) by \"a\" (x) and \"b\" (y), the parameters with \
         the largest main effect."
    );
    // Axes named in the options: as named, or chosen in the view when the view differs.
    let options = TableOptions {
        x: Some("a".into()),
        y: Some("c".into()),
        ..TableOptions::default()
    };
    let sweep = open_sweep(text, &options).unwrap();
    let projection = sweep.project(&sweep.default_view().unwrap()).unwrap();
    assert_eq!(
        sweep.explain(&projection)[0],
        "Drawn: \"acc\" (higher is better) by \"a\" (x) and \"c\" (y), as named in the options."
    );
    let mut view = sweep.default_view().unwrap();
    view.x = "b".into();
    view.others.clear();
    let projection = sweep.project(&view).unwrap();
    assert_eq!(
        sweep.explain(&projection)[0],
        "Drawn: \"acc\" (higher is better) by \"b\" (x) and \"c\" (y), chosen in the view."
    );
}

/// The LaTeX export and the JSON export carry what a run table's view shows.
#[test]
fn latex_and_json_exports_say_what_is_shown() {
    let (dataset, description) = projected(&fixture("synthetic-wandb-runs.csv"));
    let figure = prepare_figure(&dataset, &FigureOptions::default()).unwrap();
    let latex = sweepmap::figure::figure_latex(&figure);
    let shown = sweepmap::figure::escape_latex(&format!(" Shown: {description}."));
    let captions: Vec<&str> = latex
        .lines()
        .filter(|line| line.starts_with("\\caption{"))
        .collect();
    assert_eq!(captions.len(), figure.panels.len());
    for caption in captions {
        assert!(caption.ends_with(&format!("{shown}}}")), "{caption}");
    }
    let json = sweepmap::to_json(&dataset);
    let back = sweepmap::load_json(&json).unwrap();
    assert_eq!(back.shows.as_deref(), Some(description.as_str()));
    assert_eq!(back, dataset);
    // CSV cannot carry it (README "JSON"): loaded back, the data are there, the sentence not.
    let csv = sweepmap::to_csv(&dataset);
    assert!(!csv.contains(&description));
}

/// A run table's single panel has no title: its hover text and its description start with what
/// they describe, not with ": " (found in the strips' screenshots).
#[test]
fn an_untitled_panel_s_texts_do_not_start_with_a_colon() {
    let (dataset, _) = projected(&fixture("synthetic-wandb-runs.csv"));
    let figure = prepare_figure(&dataset, &FigureOptions::default()).unwrap();
    let panel = &figure.panels[0];
    assert_eq!(panel.title, "");
    let info = figure.cell_info(0, 1, 1).unwrap();
    assert_eq!(
        info.text,
        "lr 0.0003, batch_size 64: 0.912, the peak of 9 cells, mean of 2 runs"
    );
    let description = figure.describe_panel(panel);
    assert!(
        description.starts_with("heatmap of val/acc over lr and batch_size."),
        "{description}"
    );
}
