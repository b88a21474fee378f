//! A run table's view in a share link (and `<sweep-map>`'s attributes, read as one): every key
//! written and read back with column names holding any character, names the file lacks as
//! notices naming the key and the column, and old links unchanged.
#![cfg(not(target_arch = "wasm32"))]

use proptest::prelude::*;
use sweepmap::link::table::{
    format_table_link, open_linked_sweep, read_table_link, table_link, TableLink,
};
use sweepmap::link::{format_link, format_link_with, parse_link, LinkContext};
use sweepmap::table::{open_sweep, BinPick, Choice, NameMap, Role, Sweep, TableOptions, View};
use sweepmap::Direction;

/// A field of a CSV header or row, quoted.
fn quoted(field: &str) -> String {
    format!("\"{}\"", field.replace('"', "\"\""))
}

/// A sweep over three parameters named `names` (two, three and two values), a seed and `acc`.
fn sweep_text(names: [&str; 3]) -> String {
    let mut text = format!(
        "{},{},{},seed,acc\n",
        quoted(names[0]),
        quoted(names[1]),
        quoted(names[2])
    );
    let mut k = 0.0;
    for a in ["0.1", "0.01"] {
        for b in ["adam:w", "sgd,m", "é∑"] {
            for c in ["16", "32"] {
                for seed in 0..2 {
                    k += 1.0;
                    let acc = 0.5 + ((k * 7.0) % 11.0) / 100.0 + f64::from(seed) * 0.001;
                    text.push_str(&format!("{a},{},{c},{seed},{acc}\n", quoted(b)));
                }
            }
        }
    }
    text
}

const HOSTILE: [&str; 3] = ["lr&wd=1", "opt,name:λ", "学习率 #%+?\\"];

fn open(text: &str, roles: &[(&str, Role)]) -> Sweep {
    let options = TableOptions {
        roles: roles.iter().map(|(c, r)| (c.to_string(), *r)).collect(),
        ..TableOptions::default()
    };
    open_sweep(text, &options).unwrap()
}

/// Writes a view of a sweep as a link, reads it back against the same file, and checks the view
/// and its projection are the same and nothing was noticed. Returns the link text.
fn round_trip(text: &str, sweep: &Sweep, view: &View) -> String {
    let keys = format_table_link(&table_link(sweep, view).unwrap());
    let (link, notices) = read_table_link(&format!("#dataset=x&{keys}&cmap=magma"));
    assert!(notices.is_empty(), "{notices:?}");
    let linked = open_linked_sweep(text, &link).unwrap();
    assert!(linked.notices.is_empty(), "{keys}: {:?}", linked.notices);
    assert_eq!(linked.sweep.named_roles, sweep.named_roles, "{keys}");
    let (ours, theirs) = (
        sweep.project(view).unwrap(),
        linked.sweep.project(&linked.view).unwrap(),
    );
    assert_eq!(theirs.view, ours.view, "{keys}");
    assert_eq!(theirs.dataset, ours.dataset, "{keys}");
    keys
}

#[test]
fn every_key_round_trips_with_hostile_column_names() {
    let text = sweep_text(HOSTILE);
    let sweep = open(&text, &[]);
    let default = sweep.default_view().unwrap();
    // The default view writes nothing.
    assert_eq!(round_trip(&text, &sweep, &default), "");
    let mut others = NameMap::new();
    others.insert(HOSTILE[0].to_string(), Choice::Fixed("0.01".into()));
    let view = View {
        metric: "acc".into(),
        direction: Some(Direction::Lower),
        x: HOSTILE[1].into(),
        y: HOSTILE[2].into(),
        others,
        bins: BinPick::Best,
    };
    let keys = round_trip(&text, &sweep, &view);
    assert_eq!(
        keys,
        "direction=lower&x=opt,name%3A%CE%BB&y=%E5%AD%A6%E4%B9%A0%E7%8E%87+%23%25%2B%3F%5C\
         &others=lr%26wd%3D1,fixed,0.01&binned=best"
    );
    // Every choice, and fixed values holding the list's own marks.
    for choice in [
        Choice::Best,
        Choice::Mean,
        Choice::Facet,
        Choice::Fixed("adam:w".into()),
        Choice::Fixed("sgd,m".into()),
        Choice::Fixed("é∑".into()),
    ] {
        let mut others = NameMap::new();
        others.insert(HOSTILE[1].to_string(), choice);
        let view = View {
            x: HOSTILE[0].into(),
            y: HOSTILE[2].into(),
            others,
            ..default.clone()
        };
        round_trip(&text, &sweep, &view);
    }
}

#[test]
fn roles_and_metric_round_trip() {
    let text = sweep_text(HOSTILE);
    // The seed as a parameter, a fourth one to choose for.
    let sweep = open(
        &text,
        &[("seed", Role::Parameter), (HOSTILE[2], Role::Facet)],
    );
    let mut view = sweep.default_view().unwrap();
    view.others.insert("seed".into(), Choice::Mean);
    let keys = round_trip(&text, &sweep, &view);
    assert!(
        keys.starts_with(
            "roles=seed,parameter,%E5%AD%A6%E4%B9%A0%E7%8E%87+%23%25%2B%3F%5C%5C,facet&"
        ),
        "{keys}"
    );
}

#[test]
fn a_metric_writes_its_direction_only_when_it_is_not_its_own() {
    let text =
        "a,b,c,acc,loss\n1,x,p,0.1,3\n2,x,p,0.2,2\n1,y,p,0.3,1\n2,y,q,0.4,0.5\n1,x,q,0.5,4\n";
    let sweep = open(text, &[]);
    let loss = View {
        metric: "loss".into(),
        direction: None,
        ..sweep.default_view().unwrap()
    };
    // Drawn, the view holds the metric's own direction (lower), which the link leaves out.
    let drawn = sweep.project(&loss).unwrap().view;
    assert_eq!(drawn.direction, Some(Direction::Lower));
    assert_eq!(round_trip(text, &sweep, &drawn), "metric=loss");
    let higher = View {
        direction: Some(Direction::Higher),
        ..drawn
    };
    assert_eq!(
        round_trip(text, &sweep, &higher),
        "metric=loss&direction=higher"
    );
}

fn messages(text: &str, query: &str) -> (Vec<(String, String)>, View) {
    let (link, mut notices) = read_table_link(query);
    let linked = open_linked_sweep(text, &link).unwrap();
    notices.extend(linked.notices);
    (
        notices.into_iter().map(|n| (n.key, n.message)).collect(),
        linked.view,
    )
}

#[test]
fn names_the_file_lacks_are_notices_naming_the_key_and_column() {
    let text = sweep_text(["lr", "opt", "batch"]);
    let default = open(&text, &[]).default_view().unwrap();
    let (notices, view) = messages(
        &text,
        "roles=nope,ignore&metric=val_acc&x=lrr&y=&others=wd,best,opt,fixed,rmsprop",
    );
    let expected = [
        ("roles", "roles=\"nope,ignore\": no column \"nope\" for the ignore; the columns are \"lr\", \"opt\", \"batch\", \"seed\", \"acc\"; inferring every role."),
        ("metric", "metric=\"val_acc\": unknown metric: \"val_acc\"; expected one of \"acc\"; showing the default metric."),
        ("x", "x=\"lrr\": unknown parameter: \"lrr\"; expected one of \"lr\", \"opt\", \"batch\"; showing \"batch\"."),
        ("y", "y=\"\": unknown parameter: \"\"; expected one of \"lr\", \"opt\", \"batch\"; showing \"opt\"."),
        ("others", "others=\"opt\": field \"opt\": expected one of its values (\"adam:w\", \"sgd,m\", \"é∑\") to fix it at, found \"rmsprop\"; using the default view's choice."),
        ("others", "others=\"wd\": unknown parameter: \"wd\"; expected one of \"lr\", \"opt\", \"batch\"; using the default view's choice."),
    ];
    let expected: Vec<(String, String)> = expected
        .iter()
        .map(|(k, m)| (k.to_string(), m.to_string()))
        .collect();
    assert_eq!(notices, expected);
    // Every setting named wrongly kept the default view's.
    assert_eq!(view, default);
}

#[test]
fn axes_naming_one_parameter_open_the_default_view() {
    let text = sweep_text(["lr", "opt", "batch"]);
    let default = open(&text, &[]).default_view().unwrap();
    for query in [
        format!("x={0}&y={0}", default.x),
        format!("x={}", default.y),
    ] {
        let (notices, view) = messages(&text, &query);
        assert_eq!(
            notices,
            [(
                "metric, x, y, others".to_string(),
                format!(
                    "The run-table view in the link could not be drawn (field \"y\": expected a parameter other than the x axis (\"{}\")); showing the default view.",
                    if query.contains('&') { &default.x } else { &default.y }
                )
            )],
            "{query}"
        );
        assert_eq!(view, default);
    }
}

#[test]
fn roles_that_do_not_fit_are_a_notice_and_inferred() {
    let text = "lr,opt,batch,acc\n0.1,a,1,0.5\n0.2,b,1,0.6\n0.1,b,1,0.7\n0.2,a,1,0.8\n";
    // batch has one value: as a parameter it cannot vary.
    let (notices, view) = messages(text, "roles=batch,parameter");
    assert_eq!(notices.len(), 1, "{notices:?}");
    assert_eq!(notices[0].0, "roles");
    assert!(
        notices[0].1.starts_with("roles=\"batch,parameter\": field \"batch\": expected a parameter with at least two values"),
        "{}",
        notices[0].1
    );
    assert_eq!(view, open(text, &[]).default_view().unwrap());
}

#[test]
fn sweep_links_without_table_keys_are_unchanged() {
    // The figure's keys and the table's read side by side, each by its own reader.
    let query = "#dataset=kv-cache-sweep&x=lr&others=a,best&layout=grid&cmap=magma";
    let parsed = parse_link(query, &LinkContext::default());
    assert!(parsed.notices.is_empty(), "{:?}", parsed.notices);
    assert_eq!(
        format_link(&parsed.state),
        "dataset=kv-cache-sweep&layout=grid&cmap=magma"
    );
    assert_eq!(
        format_link_with(&parsed.state, "x=lr&others=a,best"),
        "dataset=kv-cache-sweep&x=lr&others=a,best&layout=grid&cmap=magma"
    );
    let (link, notices) = read_table_link(query);
    assert!(notices.is_empty());
    assert_eq!(link.x.as_deref(), Some("lr"));
    assert!(read_table_link("#dataset=kv-cache-sweep&layout=grid")
        .0
        .is_empty());
    assert_eq!(TableLink::default(), read_table_link("").0);
}

/// Names from an alphabet of the marks links and lists use, and letters no column-role word is
/// made of.
fn hostile_name() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop::sample::select(vec![
            'p', 'q', '&', '=', ',', ':', '\\', '#', '%', '+', '?', ' ', 'é', '学', '"', ';',
        ]),
        1..6,
    )
    .prop_map(|chars| format!("p{}", chars.into_iter().collect::<String>()))
    .prop_filter("trimmed", |name| name.trim() == name)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn any_column_names_round_trip(
        names in proptest::collection::hash_set(hostile_name(), 3),
        axes in 0usize..3,
        choice in 0usize..4,
        lower in any::<bool>(),
    ) {
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        let names = [names[0], names[1], names[2]];
        let text = sweep_text(names);
        let sweep = open(&text, &[]);
        let (x, y, other) = match axes {
            0 => (names[0], names[1], names[2]),
            1 => (names[1], names[2], names[0]),
            _ => (names[2], names[0], names[1]),
        };
        let value = if other == names[1] { "sgd,m" } else if other == names[0] { "0.1" } else { "32" };
        let mut others = NameMap::new();
        others.insert(other.to_string(), [Choice::Best, Choice::Mean, Choice::Facet, Choice::Fixed(value.into())][choice].clone());
        let view = View {
            metric: "acc".into(),
            direction: Some(if lower { Direction::Lower } else { Direction::Higher }),
            x: x.into(),
            y: y.into(),
            others,
            bins: BinPick::Mean,
        };
        round_trip(&text, &sweep, &view);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Whatever a link's run-table keys hold, what is read writes back as itself, with no
    /// notice on the second reading.
    #[test]
    fn any_table_keys_read_write_and_read_again_alike(
        keys in proptest::collection::vec(
            (
                prop::sample::select(vec!["roles", "metric", "direction", "x", "y", "others", "binned", "bins"]),
                prop_oneof![
                    prop::sample::select(vec![
                        "mean", "best", " Best ", "higher", "LOWER", "a,best", "a,fixed,1", "a,mean,b",
                        "c,parameter", "c,replicate,d", "a\\,b,facet", "",
                    ])
                    .prop_map(str::to_string),
                    "[a-z ,=&%:#\\\\é]{0,12}",
                ],
            ),
            0..6,
        ),
    ) {
        let query: Vec<String> = keys.iter().map(|(key, value)| format!("{key}={value}")).collect();
        let query = query.join("&");
        let (link, _) = read_table_link(&query);
        let written = format_table_link(&link);
        let (reread, notices) = read_table_link(&written);
        prop_assert_eq!(&reread, &link, "{} -> {}", query, written);
        prop_assert!(notices.is_empty(), "{:?}", notices);
    }
}
