"""Benchmark: fuzz every reader of outside text with many examples.

    python -m bench.fuzz                       # 20,000 examples for each reader
    python -m bench.fuzz --examples 2000       # quicker
    python -m bench.fuzz --only tsh,trf        # some readers
    python -m bench.fuzz --engine atheris      # coverage-guided (pip install atheris)

Runs the properties of ``bench/fuzz_targets.py`` (the ones ``tests/core/test_fuzz_parsers.py``
runs with 150 examples): each reader must return a value or refuse with its own error type
and a message that says what was wrong. Each reader runs in a child process with a time
limit, so a hang inside C code (``int()`` of a billion-digit number) is reported as a
failure rather than stopping the run. The hypothesis engine mutates a valid sample file and
tries arbitrary text and bytes, and prints the smallest failing input; the atheris engine
(libFuzzer) starts from the sample and follows coverage. The last lines are
``name value unit``: examples run and failures found, per reader and in all.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
import traceback
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bench.fuzz_targets import Target


def _shown(text: str) -> str:
    return repr(text) if len(text) <= 300 else repr(text[:150]) + " ... " + repr(text[-100:])


def _hypothesis_child(target: Target, examples: int, seconds: float) -> int:
    from bench.fuzz_targets import run
    tried: list[str] = []
    count = 0

    def seen(text: str) -> None:
        nonlocal count
        count += 1
        tried[:] = [text]

    try:
        run(target, examples, seconds=seconds, seen=seen)
    except Exception as exc:  # hypothesis re-raises the smallest failing example's error
        where = traceback.extract_tb(exc.__traceback__)[-1]
        print(f"--- {target.name} FAILED: {type(exc).__name__}: {str(exc)[:300]}\n"
              f"    at {where.filename}:{where.lineno}\n"
              f"    input: {_shown(tried[0] if tried else '')}")
        print(f"RESULT {count} 1")
        return 1
    print(f"RESULT {count} 0")
    return 0


def _atheris_child(name: str, examples: int, seconds: float) -> int:
    import atheris  # optional: only this engine needs it

    with atheris.instrument_imports(include=["core", "bot"]):  # coverage of ours only
        from bench.fuzz_targets import check, targets
    target = next(t for t in targets() if t.name == name)

    def one(data: bytes) -> None:
        provider = atheris.FuzzedDataProvider(data)
        check(target, provider.ConsumeUnicodeNoSurrogates(len(data)))

    corpus = Path(tempfile.mkdtemp(prefix=f"fuzz-{target.name}-"))
    (corpus / "sample").write_bytes(b"\x01" + target.sample.encode("utf-8"))  # 1: UTF-8 text
    print(f"RESULT {examples} 0", flush=True)  # libFuzzer exits non-zero on a failure
    atheris.Setup([sys.argv[0], f"-runs={examples}", f"-timeout={max(1, int(seconds))}",
                   "-print_final_stats=0", str(corpus)], one)
    atheris.Fuzz()
    return 0


def _child(name: str, engine: str, examples: int, seconds: float) -> int:
    if engine == "atheris":
        return _atheris_child(name, examples, seconds)
    from bench.fuzz_targets import targets

    return _hypothesis_child(next(t for t in targets() if t.name == name), examples, seconds)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.fuzz",
                                     description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--examples", type=int, default=20_000, help="inputs per reader")
    parser.add_argument("--only", default="", help="comma-separated reader names")
    parser.add_argument("--seconds", type=float, default=5.0, help="time limit per input")
    parser.add_argument("--engine", choices=("hypothesis", "atheris"), default="hypothesis")
    parser.add_argument("--child", default="", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        return _child(args.child, args.engine, args.examples, args.seconds)
    from bench.fuzz_targets import targets

    names = [t.name for t in targets()]
    chosen = [n for n in names if not args.only or n in args.only.split(",")]
    if not chosen:
        parser.error(f"no reader named {args.only!r}; readers: {', '.join(names)}")
    figures: list[tuple[str, float, str]] = []
    total_runs = total_failures = 0
    started = time.perf_counter()
    for name in chosen:
        began = time.perf_counter()
        budget = 60 + args.examples * 0.01  # a whole reader's run; past it, a hang
        command = [sys.executable, "-m", "bench.fuzz", "--child", name, "--engine", args.engine,
                   "--examples", str(args.examples), "--seconds", str(args.seconds)]
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=budget,
                                  check=False)
        except subprocess.TimeoutExpired:
            count, failures = 0, 1
            print(f"--- {name} FAILED: still running after {budget:.0f} s (a hang in C code?)")
        else:
            result = [line.split() for line in done.stdout.splitlines()
                      if line.startswith("RESULT ")]
            count, failures = (int(result[-1][1]), int(result[-1][2])) if result else (0, 1)
            if done.returncode != 0:
                failures = 1
                shown = [line for line in (done.stdout + done.stderr).splitlines()
                         if not line.startswith(("RESULT ", "INFO:", "#"))]
                print("\n".join(shown[-25:]))
        seconds = time.perf_counter() - began
        print(f"{name}: {count} inputs in {seconds:.1f} s, {'FAILED' if failures else 'ok'}",
              flush=True)
        figures += [(f"fuzz_{name}_examples", count, "examples"),
                    (f"fuzz_{name}_failures", failures, "failures")]
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
