"""Benchmark: `lalcheck check` per deck against the C-loader parse floor, its memory at size,
and check-jsonschema.

Writes deck files (the bundled sample decks, varied so no two are equal) into a
temporary folder, then measures, as whole commands, in paired runs (each round
runs every command once, in turn, so a change in the machine's load hits all of
them alike):

* ``lalcheck check --format FORMAT FOLDER`` (every rule, the bundled database);
* the floor: one Python process that reads each deck file and parses it with
  ``yaml.load(text, Loader=yaml.CSafeLoader)``, and does nothing else;
* ``check-jsonschema --schemafile schemas/deck.schema.json FILES...`` (schema
  validation only, unless ``--no-check-jsonschema``), installed in a virtual
  environment of the benchmark's own (``benchmarks/.venv-check-jsonschema``),
  never as a lalcheck dependency.

It prints lalcheck's time per deck, the floor's and their ratio (goal: at most
2.5), and lalcheck's peak resident memory (the child process's high-water mark,
``VmHWM``) at ``--small`` decks and at ``--decks`` decks and their ratio (goal:
at most 1.2).

Usage: ``python benchmarks/check_decks.py [--decks 10000] [--small 100] [--runs 5]``
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOOL_ENV = Path(__file__).resolve().parent / ".venv-check-jsonschema"
TIME_GOAL = 2.5
MEMORY_GOAL = 1.2

#: The floor: read every deck file named on stdin and parse it with the C loader.
FLOOR = """
import sys, yaml
for name in sys.stdin.read().splitlines():
    with open(name, encoding="utf-8") as file:
        yaml.load(file.read(), Loader=yaml.CSafeLoader)
"""


def check_jsonschema() -> Path:
    """The check-jsonschema executable of the benchmark's own environment."""
    executable = TOOL_ENV / "bin" / "check-jsonschema"
    if not executable.exists():
        venv.create(TOOL_ENV, with_pip=True)
        subprocess.run([TOOL_ENV / "bin" / "pip", "install", "-q", "check-jsonschema"], check=True)
    return executable


def write_decks(folder: Path, count: int) -> list[Path]:
    """``count`` deck files made from the sample decks, each with its own name."""
    folder.mkdir()
    sources = sorted((ROOT / "data" / "decks").glob("*.yaml"))
    texts = [source.read_text(encoding="utf-8") for source in sources]
    paths = []
    for index in range(count):
        path = folder / f"deck-{index:05d}.yaml"
        text = texts[index % len(texts)]
        path.write_text(
            re.sub("^name: .*$", f"name: Benchmark deck {index}", text, count=1, flags=re.M)
        )
        paths.append(path)
    return paths


def run(command: list[str | Path], stdin: str = "") -> tuple[float, float, int]:
    """Wall-clock seconds, CPU seconds (user + system) and peak resident memory (KiB) of
    one run of a command (exit codes 0 and 1 are fine)."""
    start = time.perf_counter()
    process = subprocess.Popen(
        command,
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    assert process.stdin is not None and process.stderr is not None
    process.stdin.write(stdin.encode())
    process.stdin.close()
    errors = process.stderr.read()
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode not in (0, 1):
        sys.exit(f"{command[0]} failed:\n{errors.decode()}")
    return seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss  # Linux: VmHWM, KiB


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decks", type=int, default=10_000)
    parser.add_argument("--small", type=int, default=100, help="decks of the memory baseline")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--format", default="json", help="lalcheck's report format")
    parser.add_argument("--no-check-jsonschema", action="store_true")
    parser.add_argument(
        "--against",
        type=Path,
        metavar="LALCHECK",
        help="another lalcheck executable (an older version) measured in the same rounds",
    )
    args = parser.parse_args()
    lalcheck = Path(sys.executable).parent / "lalcheck"
    with tempfile.TemporaryDirectory() as temporary:
        large = Path(temporary) / "large"
        small = Path(temporary) / "small"
        paths = write_decks(large, args.decks)
        write_decks(small, args.small)
        subprocess.run([lalcheck, "db", "info"], capture_output=True, check=True)  # warm cache
        names = "\n".join(str(path) for path in paths)
        commands: dict[str, tuple[list[str | Path], str]] = {
            "lalcheck": ([lalcheck, "check", "--format", args.format, large], ""),
            "floor": ([sys.executable, "-c", FLOOR], names),
            "lalcheck-small": ([lalcheck, "check", "--format", args.format, small], ""),
        }
        if args.against:
            commands["against"] = ([args.against, "check", "--format", args.format, large], "")
            commands["against-small"] = (
                [args.against, "check", "--format", args.format, small],
                "",
            )
        if not args.no_check_jsonschema:
            schema = ROOT / "schemas" / "deck.schema.json"
            commands["check-jsonschema"] = (
                [check_jsonschema(), "--schemafile", schema, *paths],
                "",
            )
        seconds: dict[str, list[float]] = {label: [] for label in commands}
        cpu: dict[str, list[float]] = {label: [] for label in commands}
        memory: dict[str, list[int]] = {label: [] for label in commands}
        for _ in range(args.runs):
            for label, (command, stdin) in commands.items():
                elapsed, used, peak = run(command, stdin)
                seconds[label].append(elapsed)
                cpu[label].append(used)
                memory[label].append(peak)
    print(
        f"{args.decks} deck files, {args.runs} paired runs, medians "
        f"(load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores):"
    )
    for kind, measured in (("wall-clock", seconds), ("CPU (user + system)", cpu)):
        print(f"{kind} time:")
        report(args, "lalcheck", measured)
        if args.against:
            print(f"  {args.against}, in the same rounds:")
            report(args, "against", measured)
    print("peak resident memory:")
    report_memory(args, "lalcheck", memory)
    if args.against:
        print(f"  {args.against}, in the same rounds:")
        report_memory(args, "against", memory)


def report(args: argparse.Namespace, label: str, seconds: dict[str, list[float]]) -> None:
    """Print one lalcheck's time per deck against the floor and check-jsonschema."""
    per_deck = {name: statistics.median(s) / args.decks * 1e6 for name, s in seconds.items()}
    print(f"  lalcheck check --format {args.format}  {per_deck[label]:7.1f} µs/deck")
    print(f"  floor (read + CSafeLoader)     {per_deck['floor']:7.1f} µs/deck")
    ratio = per_deck[label] / per_deck["floor"]
    print(f"  ratio to the floor             {ratio:7.2f}×  (goal ≤ {TIME_GOAL}×)")
    if "check-jsonschema" in per_deck:
        print(f"  check-jsonschema (schema only) {per_deck['check-jsonschema']:7.1f} µs/deck")
        print(
            "  ratio to check-jsonschema      "
            f"{per_deck[label] / per_deck['check-jsonschema']:7.2f}×"
        )


def report_memory(args: argparse.Namespace, label: str, memory: dict[str, list[int]]) -> None:
    """Print one lalcheck's peak resident memory at the small and the large size."""
    small_peak = statistics.median(memory[f"{label}-small"]) / 1024
    large_peak = statistics.median(memory[label]) / 1024
    print(f"  peak RSS at {args.small} decks  {small_peak:8.1f} MiB")
    print(f"  peak RSS at {args.decks} decks  {large_peak:8.1f} MiB")
    ratio = large_peak / small_peak
    print(f"  ratio                          {ratio:7.2f}×  (goal ≤ {MEMORY_GOAL}×)")


if __name__ == "__main__":
    main()
