#!/usr/bin/env python3
"""Summarizes the Nsight Compute CSV of bench/device.sh (BENCH_NCU=1): per
kernel launch, duration, DRAM and SM throughput (% of peak), achieved
occupancy (warps active, where the profile has it; "-" elsewhere), issue-slot use,
executed warp instructions, and the busiest pipes.

Usage: ncusummary.py ncu.csv [--elements N]   (prints a markdown table)
"""
import argparse
import csv
import io

COLS = [
    ("time us", "gpu__time_duration.sum", 1e-3),
    ("SM %", "sm__throughput.avg.pct_of_peak_sustained_elapsed", 1),
    ("DRAM %", "gpu__dram_throughput.avg.pct_of_peak_sustained_elapsed", 1),
    ("warps active %", "sm__warps_active.avg.pct_of_peak_sustained_active", 1),
    ("issue %", "sm__issue_active.avg.pct_of_peak_sustained_elapsed", 1),
    ("warp instr (M)", "smsp__inst_executed.sum", 1e-6),
    ("ALU %", "sm__inst_executed_pipe_alu.avg.pct_of_peak_sustained_active", 1),
    ("FMA %", "sm__inst_executed_pipe_fma.avg.pct_of_peak_sustained_active", 1),
    ("FMA-heavy %", "sm__pipe_fmaheavy_cycles_active.avg.pct_of_peak_sustained_elapsed", 1),
    ("XU (MUFU) %", "sm__inst_executed_pipe_xu.avg.pct_of_peak_sustained_active", 1),
    ("LSU %", "sm__inst_executed_pipe_lsu.avg.pct_of_peak_sustained_active", 1),
    ("uniform %", "sm__inst_executed_pipe_uniform.avg.pct_of_peak_sustained_active", 1),
    ("regs", "launch__registers_per_thread", 1),
]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("csv")
    ap.add_argument("--elements", type=float, default=float(1 << 28))
    a = ap.parse_args()
    lines = open(a.csv).read().splitlines()
    start = next(i for i, l in enumerate(lines) if l.startswith('"ID"'))
    rows = list(csv.reader(io.StringIO("\n".join(lines[start:]))))
    hdr, data = rows[0], rows[2:]
    col = {h: i for i, h in enumerate(hdr)}
    print("| kernel | grid x block | " + " | ".join(c[0] for c in COLS) + " | instr/elem |")
    print("|---" * (len(COLS) + 3) + "|")
    for r in data:
        vals = []
        for _, key, scale in COLS:
            v = r[col[key]] if key in col else ""
            try:
                f = float(v.replace(",", "")) * scale
                vals.append(f"{f:.1f}" if scale != 1 or f % 1 else f"{f:.0f}")
            except ValueError:
                vals.append(v or "-")
        ipe = float(r[col["smsp__inst_executed.sum"]].replace(",", "")) * 32 / a.elements
        print(f"| {r[col['Kernel Name']]} | {r[col['Grid Size']]} x {r[col['Block Size']]} | "
              + " | ".join(vals) + f" | {ipe:.1f} |")


if __name__ == "__main__":
    main()
