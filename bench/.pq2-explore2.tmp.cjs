const duckdb = require("@duckdb/duckdb-wasm/dist/duckdb-node-blocking.cjs");
const fs = require("fs");
const path = require("path");
(async () => {
  const dist = path.dirname(require.resolve("@duckdb/duckdb-wasm/dist/duckdb-node-blocking.cjs"));
  const db = await duckdb.createDuckDB({ mvp: { mainModule: path.join(dist, "duckdb-mvp.wasm"), mainWorker: "" }, eh: { mainModule: path.join(dist, "duckdb-eh.wasm"), mainWorker: "" } }, new duckdb.VoidLogger(), duckdb.NODE_RUNTIME);
  await db.instantiate();
  const c = db.connect();
  const show = (sql) => { try { console.log(JSON.stringify(c.query(sql).toArray().map((r) => r.toJSON()), (k, v) => typeof v === "bigint" ? Number(v) : v).slice(0, 300)); } catch (e) { console.log("ERR", e.message.slice(0, 300)); } };
  db.registerFileURL("t.jsonl", "/tmp/pq2/t.jsonl", duckdb.DuckDBDataProtocol.NODE_FS, false);
  for (const shape of ["row-array", undefined]) {
    try { c.insertJSONFromPath("t.jsonl", { name: "j" + (shape ? "a" : "b"), shape }); show(`SELECT count(*), avg(acc), min(model), typeof(lr) FROM j${shape ? "a" : "b"} GROUP BY ALL`); } catch (e) { console.log(shape, "ERR", e.message.slice(0, 300)); }
  }
  for (const name of ["t.feather", "tz.feather"]) {
    const bytes = fs.readFileSync(`/tmp/pq2/${name}`);
    const footer = bytes.readInt32LE(bytes.length - 10);
    const stream = new Uint8Array(bytes.buffer, bytes.byteOffset + 8, bytes.length - 10 - footer - 8);
    try { c.insertArrowFromIPCStream(stream, { name: name.replace(".", "_"), create: true }); show(`SELECT count(*), avg(acc), min(model) FROM ${name.replace(".", "_")}`); } catch (e) { console.log(name, "ERR", e.message.slice(0, 300)); }
  }
})();
