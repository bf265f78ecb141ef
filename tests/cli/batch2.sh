#!/bin/sh
# Command-line behaviour, continued: what the printing modes print (a
# column once, a missing value as null), options no mode given would
# read, and memory refusals whose advice works.
BUILD=${1:-build}
RHO=$BUILD/rho
out=$(mktemp)
err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT

T_SUITE=cli
. tests/cli/lib.sh

# --compare: the parameter compared is a column once, whatever its name
# (network and nodes are also the table's own columns); in YAML every
# design's keys are unique, the value compared kept
unique() { # unique NAME FMT: $out's header (csv) or keys (yaml) unique
    if command -v python3 >/dev/null && python3 -c 'import yaml' 2>/dev/null; then
        python3 - "$2" "$out" <<'EOF' && echo "ok - cli $1" || echo "FAIL cli $1: a column twice"
import csv, sys, yaml
fmt, path = sys.argv[1], sys.argv[2]
text = open(path).read()
class Strict(yaml.SafeLoader):
    pass
def mapping(loader, node):
    keys = [loader.construct_object(k) for k, _ in node.value]
    if len(keys) != len(set(keys)):
        raise SystemExit("duplicate key in %s" % keys)
    return loader.construct_mapping(node)
Strict.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, mapping)
if fmt == "csv":
    rows = list(csv.reader(text.splitlines()))
    head = rows[0]
    assert len(head) == len(set(head)), head
    assert all(len(r) == len(head) for r in rows), "a row of another width"
else:
    doc = yaml.load(text, Loader=Strict)
    name = doc["compared_over"]
    assert all(str(d[name]) for d in doc["designs"])
EOF
    else
        head -1 "$out" | tr ',' '\n' | sort | uniq -d | grep -q . &&
            echo "FAIL cli $1: a column twice" || echo "ok - cli $1"
    fi
}
t compare-csv-network 0 "network,network_as_built,nodes,routers,radix" - -- -q --compare network=torus,dragonfly,fattree -f csv scenarios/ch6-designs.lua
if head -1 "$out" | grep -q '^network,network,'; then
    echo "FAIL cli compare-csv-network-once: network twice"
else
    echo "ok - cli compare-csv-network-once"
fi
grep -q '^dragonfly,' "$out" && echo "ok - cli compare-csv-value-kept" ||
    echo "FAIL cli compare-csv-value-kept: no row begins with the value compared"
unique compare-csv-network-unique csv
t compare-csv-nodes 0 "nodes,network,nodes_as_built,routers" - -- -q --compare nodes=256,512 -f csv scenarios/ch6-designs.lua
unique compare-csv-nodes-unique csv
# (the nodes the design has, beside those asked: 512 where 256 were)
grep -q '^256,".*",512,' "$out" && echo "ok - cli compare-csv-nodes-built" ||
    echo "FAIL cli compare-csv-nodes-built: the nodes as built are not beside the nodes asked"
t compare-yaml-network 0 "- network: torus" - -- -q --compare network=torus,fattree -f yaml scenarios/ch6-designs.lua
unique compare-yaml-network-unique yaml
t compare-yaml-nodes 0 'nodes: "6"' - -- -q --compare nodes=4,6 -f yaml scenarios/ch7-whatif.lua
unique compare-yaml-nodes-unique yaml

# a value that does not exist is null in YAML (an empty CSV field), never
# .nan: the queueing model's check without a simulation, its load given
# as a rate
t yaml-missing-null 0 "check: null" - -- -b -f yaml scenarios/queue-gups.lua
if grep -q '\.nan' "$out"; then
    echo "FAIL cli yaml-no-nan: $(grep -n '\.nan' "$out" | head -1)"
else
    echo "ok - cli yaml-no-nan"
fi

# options that no mode given reads are refused, as the man page says
t sweep-steps 2 - "--sweep prints its own table: --steps would do nothing" -- --sweep tau=0.1,0.2 --steps scenarios/table1.lua
t sweep-timeline 2 - "--sweep prints its own table: --timeline would do nothing" -- --sweep tau=0.1,0.2 --timeline scenarios/table1.lua
t search-steps 2 - "--search prints its own table: --steps would do nothing" -- --search -q --steps scenarios/table1.lua
t search-timeline 2 - "--search prints its own table: --timeline would do nothing" -- --search -q --timeline scenarios/table1.lua
t compare-links 2 - "--compare prints its own table: --links would do nothing" -- -q --compare network=torus,fattree --links scenarios/ch6-designs.lua
t compare-messages 2 - "--compare prints its own table: --messages would do nothing" -- -q --compare network=torus,fattree --messages scenarios/ch6-designs.lua
t compare-metrics 2 - "--compare prints its own table: --metrics would do nothing" -- -q --compare network=torus,fattree --metrics scenarios/ch6-designs.lua
t plot-csv 2 - "--plot draws in text only: -f csv is not supported" -- --sweep tau=0.1,0.2 --plot -f csv scenarios/table1.lua
t plot-yaml 2 - "--plot draws in text only: -f yaml is not supported" -- --sweep tau=0.1,0.2 --plot -f yaml scenarios/table1.lua
t plot-text 0 - - -- --sweep tau=0.1,0.2 --plot scenarios/table1.lua
t param-and-sweep 2 - "tau given twice (--param 'tau=0.2' and --sweep tau=...)" -- -p tau=0.2 --sweep tau=0.1 scenarios/table1.lua
t param-and-compare 2 - "routing given twice (--param 'routing=SD' and --compare routing=...)" -- -p routing=SD --compare routing=AD,SD scenarios/dragonfly-small.lua
t param-other-sweep 0 "size" - -- -p tau=0.2 --sweep size=40KiB,80KiB scenarios/halo2d-t2.lua
