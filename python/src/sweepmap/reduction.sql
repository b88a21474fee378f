-- sweepmap's reductions (README "Larger than a tab"): the one SQL text every engine runs. Python
-- fills it (sweepmap/_reduce.py: DuckDB, Spark, polars, Ibis; the wheel ships this file) and so
-- does the page (www/lib/reduce.js: DuckDB-wasm; .ci/build copies this file to www/duckdb/),
-- by the same rules, from the columns' roles:
-- - a part starts at a line "-- @name" and runs to the next such line;
-- - {source} is the rows' table ("runs"); {key} a grouping column, {metric} a metric, {score}
--   the score, each a double-quoted identifier ("" for a " inside it); {metric.n} the
--   identifier of the metric's name followed by ".n" (so for .mean, .var);
-- - in a "select" part each line is one selected column: a line with {key} is written once per
--   grouping column, the lines with {metric...} once per metric (all of them, metric by metric),
--   any other line once; the columns are joined by ",\n       " into the statement's {select};
-- - {keys} is the grouping columns joined by ", ", {order} the "order" part written once per
--   grouping column, joined by ", "; with no grouping column, the statement's lines that hold
--   {keys} or {order} are left out (one row: the whole table).
-- - a binned grouping column (a number column whose values would make the configuration table
--   larger than a tab, binned by the run table's own bins: README "Too many configurations")
--   is its bin expression: the "bin" part's lines joined by " ", the "bin case" line written
--   once per bin but the last ({edge} the bin's upper edge, {label} its label, each a
--   single-quoted string, '' for a ' inside it) and the "bin last" line once (the last bin's
--   {label}). In a "select" part its {key} is that expression followed by " AS " and its
--   identifier; in {keys}, the expression; in {order}, its "binned order" part ({bin} its
--   bin expression with each bin's number, 0 for the first, unquoted, in place of its label)
--   comes before every other column's "order" (rows by bin, then as without bins, so that the
--   labels are first seen in order), binned columns in their grouping order.
-- python/tests/test_reduce.py holds the Python filler to the exact text; tests/e2e/parquet.test.mjs
-- holds the page's filler to the Python one's, statement for statement.
-- @configurations
SELECT {select}
FROM {source}
GROUP BY {keys}
ORDER BY {order}
-- @configurations select
{key}
count(*) AS "n"
count(CAST({metric} AS DOUBLE)) AS {metric.n}
avg(CAST({metric} AS DOUBLE)) AS {metric.mean}
var_samp(CAST({metric} AS DOUBLE)) AS {metric.var}
-- @item scores
SELECT {select}
FROM {source}
GROUP BY {keys}
ORDER BY {order}
-- @item scores select
{key}
avg(CAST({score} AS DOUBLE)) AS {score}
count(CAST({score} AS DOUBLE)) AS "n"
-- @order
{key} NULLS LAST
-- @bin
CASE WHEN {key} IS NULL THEN NULL
-- @bin case
WHEN CAST({key} AS DOUBLE) < CAST({edge} AS DOUBLE) THEN {label}
-- @bin last
ELSE {label} END
-- @binned order
min({bin}) NULLS LAST
