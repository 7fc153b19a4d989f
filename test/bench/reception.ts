import { printReceptionTable, receptionSettingsFromEnv, runReceptionBench } from './reception/reception-bench';

/**
 * `npm run bench:reception`: the reception part of `npm run bench` on its own (BENCH_CARDHOLDERS,
 * default 10,000; BENCH_VISITS, default 500; BENCH_ROUNDS, default 20; BENCH_RUNS, default 1), its
 * table and then its figures as JSON. `BENCH_MODE=reception npm run bench` gives the same beside
 * test-results/bench.json.
 */
const settings = receptionSettingsFromEnv();
const result = await runReceptionBench(settings, Number(process.env.BENCH_RUNS ?? process.env.BENCH_REPEATS ?? '1'), (line) => console.error(line));
printReceptionTable(result, settings);
console.log(JSON.stringify(result, null, 2));
