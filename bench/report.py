#!/usr/bin/env python3
"""Turns run.py's results.json into the markdown of docs/Benchmarks.md: the
full table and the targets check (each of our kernels against its x copy
target and against Triton's kernel with the same counter mapping).

Usage: report.py results.json [--mode ops]
"""
import argparse
import json

TARGET = {"uniform": 0.95, "normal": 0.90, "dropout": 0.95, "sr": 0.95}
# our base kernel -> the Triton peer with the same counter mapping
SAME_MAPPING = {
    "uniform_elem": "Triton tl.rand (1 Philox/elem)",
    "uniform_4x": "Triton tl.rand4x (interleaved, same mapping as ours)",
    "normal_elem": "Triton tl.randn (1 Philox/elem)",
    "normal_4x": "Triton tl.randn4x (interleaved)",
    "dropout_elem": "Triton dropout, tl.rand per elem",
    "dropout_4x": "Triton dropout, tl.rand4x (interleaved)",
    "sr_elem": "Triton software SR, 1 Philox/elem",
    "sr_8x": "Triton software SR, 1 Philox/8 elem",
}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("json")
    ap.add_argument("--mode", default="ops")
    a = ap.parse_args()
    d = json.load(open(a.json))
    copy = d["copy_gbps"]
    rs = d["results"]
    by_name = {r["name"]: r for r in rs}

    print("| group | kernel | ms | GB/s | x copy | spread | best variant / config |")
    print("|---|---|---|---|---|---|---|")
    for g in ["copy", "uniform", "normal", "dropout", "sr"]:
        for r in rs:
            if r["group"] == g:
                name = r["name"] if r["who"] == "peer" else f"**{r['name']}**"
                spread = f"{100 * r['spread']:.1f}%" if "spread" in r else "-"
                print(f"| {g} | {name} | {r['ms']:.3f} | {r['gbps']:.0f} | {r['gbps'] / copy:.2f} | "
                      f"{spread} | {r['note']} |")
    print()
    print(f"| our kernel ({a.mode}) | x copy | target | Triton, same mapping | ours / Triton | verdict |")
    print("|---|---|---|---|---|---|")
    for base, peer in SAME_MAPPING.items():
        mine = [r for r in rs if r["who"] == "ours" and r["name"].startswith(f"ours [{a.mode}] {base} (")]
        if not mine or peer not in by_name:
            continue
        m, p = mine[0], by_name[peer]
        kind = base.split("_")[0]
        frac, pf = m["gbps"] / copy, p["gbps"] / copy
        amortized = not base.endswith("_elem")
        tgt = TARGET[kind] if amortized else None
        ok_t = tgt is None or frac >= tgt
        ok_p = m["ms"] <= p["ms"] * 1.01
        verdict = ("meets target" if tgt and ok_t else "MISSES target" if tgt else "no x copy target") + \
                  ("; not slower than Triton" if ok_p else "; SLOWER than Triton")
        print(f"| {base} | {frac:.2f} | {tgt if tgt else '-'} | {pf:.2f} | {p['ms'] / m['ms']:.2f}x | {verdict} |")


if __name__ == "__main__":
    main()
