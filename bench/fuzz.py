"""Benchmark: fuzz every reader of outside text with many examples.

    python -m bench.fuzz                    # 20,000 examples for each reader
    python -m bench.fuzz --examples 2000    # quicker
    python -m bench.fuzz --only tsh,trf     # some readers

Runs the properties of ``bench/fuzz_targets.py`` (the ones ``tests/core/test_fuzz_parsers.py``
runs with a few hundred examples): each reader must return a value or refuse with its own
error type and a message that says what was wrong. A failure prints hypothesis's smallest
failing input. Each input has 5 seconds (``--seconds``), so a hang counts as a failure.
The last lines are ``name value unit``: examples run and failures found, per reader and in
all.
"""

from __future__ import annotations

import argparse
import time
import traceback

from bench.fuzz_targets import run, targets


def _shown(text: str) -> str:
    return repr(text) if len(text) <= 300 else repr(text[:150]) + " ... " + repr(text[-100:])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.fuzz", description=__doc__.split("\n")[0])
    parser.add_argument("--examples", type=int, default=20_000, help="inputs per reader")
    parser.add_argument("--only", default="", help="comma-separated reader names")
    parser.add_argument("--seconds", type=float, default=5.0, help="time limit per input")
    args = parser.parse_args(argv)
    chosen = [t for t in targets() if not args.only or t.name in args.only.split(",")]
    if not chosen:
        parser.error(f"no reader named {args.only!r}; readers: "
                     + ", ".join(t.name for t in targets()))
    figures: list[tuple[str, float, str]] = []
    total_runs = total_failures = 0
    started = time.perf_counter()
    for target in chosen:
        tried: list[str] = []  # noqa: B023 (read right after run, in this loop pass)
        count = 0

        def seen(text: str) -> None:
            nonlocal count
            count += 1
            tried[:] = [text]  # noqa: B023

        began = time.perf_counter()
        failures = 0
        try:
            run(target, args.examples, seconds=args.seconds, seen=seen)
        except Exception as exc:  # hypothesis re-raises the smallest failing example's error
            failures = 1
            where = traceback.extract_tb(exc.__traceback__)[-1]
            print(f"--- {target.name} FAILED: {type(exc).__name__}: {str(exc)[:300]}\n"
                  f"    at {where.filename}:{where.lineno}\n"
                  f"    input: {_shown(tried[0] if tried else '')}")
        seconds = time.perf_counter() - began
        print(f"{target.name}: {count} inputs in {seconds:.1f} s, "
              f"{'FAILED' if failures else 'ok'}", flush=True)
        figures += [(f"fuzz_{target.name}_examples", count, "examples"),
                    (f"fuzz_{target.name}_failures", failures, "failures")]
        total_runs += count
        total_failures += failures
    figures += [("fuzz_examples", total_runs, "examples"),
                ("fuzz_failures", total_failures, "failures"),
                ("fuzz_seconds", round(time.perf_counter() - started, 1), "s")]
    for name, value, unit in figures:
        print(f"{name} {value} {unit}")
    return 1 if total_failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
