#!/usr/bin/env bash
# Builds the Python package's front end into python/src/sweepmap/static/ (not committed):
#   - widget.js: python/js/widget.js bundled with the project's JS it imports (www/lib/) and the
#     wasm-bindgen glue (www/pkg/sweepmap.js) into one minified ES module, since anywidget
#     imports a widget's module from a blob: URL, where relative imports cannot resolve. Such a
#     module has no address either, so `import.meta.url` is defined as an address that is never
#     fetched: the widget always hands load() the wasm's bytes;
#   - loader.js: python/js/loader.js as it is, each figure's _esm: it imports widget.js (sent once
#     per front end, as the wasm is) once per page;
#   - sweepmap_bg.wasm: the default wasm package, as built by .ci/build;
#   - standalone.html: the one-file template for sweeps and run tables, as built by .ci/build
#     (README "One file"), which save_html fills;
#   - pairwise_bg.wasm and pairwise_standalone.html: the pairwise package's wasm (sent to the
#     widget only for per-item scores; its glue is bundled into widget.js) and the one-file
#     template with both packages, for per-item scores;
#   - paper_bg.wasm, LiberationSans-Regular.ttf, LiberationSans-Bold.ttf and font-LICENSE: the paper package's
#     wasm (SVG to PDF, README "Export") and its fonts with their licence, sent to a front end
#     only on its first PDF export (Figure.to_pdf); its glue is bundled into widget.js;
#   - slice_bg.wasm: the slice package's wasm (www/pkg/slice/, the slice view, chart="slice"),
#     sent to a front end only when a figure first asks for a slice; its glue is bundled into
#     widget.js.
# Run `bash .ci/build` first (npm test runs both). A wheel built after this ships all of them.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

rolldown="node_modules/.bin/rolldown"
static="python/src/sweepmap/static"
for needed in "$rolldown" www/pkg/sweepmap.js www/pkg/sweepmap_bg.wasm www/pkg/standalone.html \
  www/pkg/pairwise/sweepmap.js www/pkg/pairwise/sweepmap_bg.wasm www/pkg/pairwise/standalone.html \
  www/pkg/paper/sweepmap_paper.js www/pkg/paper/sweepmap_paper_bg.wasm www/pkg/paper/LiberationSans-Regular.ttf \
  www/pkg/paper/LiberationSans-Bold.ttf www/pkg/paper/LICENSE www/pkg/slice/sweepmap.js \
  www/pkg/slice/sweepmap_bg.wasm; do
  if [[ ! -e "$needed" ]]; then
    echo "python/build.sh: $needed is missing; run 'bash .ci/setup' and 'bash .ci/build' first" >&2
    exit 1
  fi
done

mkdir -p "$static"
"$rolldown" python/js/widget.js --format esm --platform browser --minify --keepNames \
  --no-codeSplitting --transform.define 'import.meta.url:"https://sweepmap.invalid/lib/sweepmap.js"' \
  --file "$static/widget.js" --logLevel warn >/dev/null
cp python/js/loader.js "$static/loader.js"
cp www/pkg/sweepmap_bg.wasm "$static/sweepmap_bg.wasm"
cp www/pkg/standalone.html "$static/standalone.html"
cp www/pkg/pairwise/sweepmap_bg.wasm "$static/pairwise_bg.wasm"
cp www/pkg/pairwise/standalone.html "$static/pairwise_standalone.html"
cp www/pkg/paper/sweepmap_paper_bg.wasm "$static/paper_bg.wasm"
cp www/pkg/paper/LiberationSans-Regular.ttf www/pkg/paper/LiberationSans-Bold.ttf "$static/"
cp www/pkg/paper/LICENSE "$static/font-LICENSE"
cp www/pkg/slice/sweepmap_bg.wasm "$static/slice_bg.wasm"
echo "python/build.sh: front end in $static/ ($(wc -c <"$static/widget.js") bytes of JS, $(wc -c <"$static/sweepmap_bg.wasm") + $(wc -c <"$static/pairwise_bg.wasm") bytes of wasm, $(wc -c <"$static/standalone.html") + $(wc -c <"$static/pairwise_standalone.html") bytes of standalone templates, $(cat "$static/paper_bg.wasm" "$static"/LiberationSans-*.ttf | wc -c) bytes of the paper package and fonts, $(wc -c <"$static/slice_bg.wasm") bytes of the slice package)"
