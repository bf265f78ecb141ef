#!/bin/sh
# rho-mpi (make MPI=1): 2 (and 4) ranks on loopback must print what rho
# prints on one machine (but for the line with the wall time). The link
# model itself is split over the ranks in batch mode: every routing on 2
# and 4 ranks, and a run that needs more memory than one rank may use.
# Skipped, with a note, when rho-mpi was not built.
BUILD=${1:-build}
if [ ! -x "$BUILD/rho-mpi" ]; then
    echo "# rho-mpi not built (make MPI=1): MPI tests skipped"
    exit 0
fi
# a rho-mpi left from before the last build of rho is not the same
# program: `make test` does not rebuild it, `make test-mpi` does
if [ "$BUILD/rho-mpi" -ot "$BUILD/rho" ] && [ -z "$RHO_MPI_FRESH" ]; then
    echo "# $BUILD/rho-mpi is older than $BUILD/rho: MPI tests skipped (make test-mpi rebuilds and runs them)"
    exit 0
fi
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_btl=tcp,self OMPI_MCA_btl_tcp_if_include=lo OMPI_MCA_oob_tcp_if_include=lo
MPIRUN="mpirun -q -n 2 --oversubscribe"
a=$(mktemp)
b=$(mktemp)
trap 'rm -f "$a" "$b"' EXIT

same() { # same NAME ARGS...: rho-mpi on $NP (2) ranks == rho
    name=$1
    shift
    timeout 300 mpirun -q -n "${NP:-2}" --oversubscribe "$BUILD/rho-mpi" "$@" 2>&1 | grep -v -e ' s (.* schedules/s)' -e '^threads: ' -e '^seconds: ' -e '^ranks: ' >"$a"
    "$BUILD/rho" "$@" 2>&1 | grep -v -e ' s (.* schedules/s)' -e '^threads: ' -e '^seconds: ' -e '^ranks: ' >"$b"
    if cmp -s "$a" "$b" && [ -s "$a" ]; then
        echo "ok - mpi $name"
    else
        echo "FAIL mpi $name: ${NP:-2} ranks differ from one process"
        diff "$b" "$a" | head -10 | sed 's/^/    /'
    fi
}

same search-2d --search -q scenarios/halo2d-t2.lua
same search-3d --search -q -f yaml scenarios/halo3d-t2.lua
same search-sample --search -q --sample 3001 --seed 4 scenarios/halo3d-t2.lua
same search-curve --search -q -f csv scenarios/halo2d-t2.lua
# fewer schedules than ranks: the ranks without any still print what one
# process prints (the sample's numbers and orders, the baseline)
NP=4 same search-few-4 --search -q --sample 3 scenarios/halo2d-t2.lua
NP=4 same search-few-yaml-4 --search -q --sample 3 -f yaml scenarios/halo2d-t2.lua
same search-one --search -q -f yaml scenarios/table1.lua
NP=4 same search-one-4 --search -q scenarios/table1.lua
same sweep --sweep tau=0:1:0.1 --sweep size=40KiB,254KiB -f csv scenarios/halo2d-t2.lua
same sweep-error --sweep tau=0.1,0.2,0.3,7 scenarios/table1.lua
same sweep-link --sweep routing=SD,AD,AH -f csv scenarios/dragonfly-small.lua
same batch-network -b --links -f csv scenarios/torus-5x5.lua
same batch --batch scenarios/table1.lua

# the link model on 2 and 4 ranks: every routing, links to the last bit
# (CSV) and every message's bandwidth (gathered on rank 0)
for np in 2 4; do
    for r in DOR SD SI AD AI AH BGQ; do
        NP=$np same "link-$r-$np" -b -j 1 --links -f csv -p routing=$r scenarios/dragonfly-small.lua
    done
    NP=$np same "link-messages-$np" -b -j 1 --messages -p routing=AH scenarios/dragonfly-small.lua
    NP=$np same "link-exact-$np" -b -j 1 --engine exact -p routing=AI scenarios/dragonfly-small.lua
done
NP=4 same link-workload-AD-4 -b -p routing=AD scenarios/dragonfly-workload.lua
# a torus over the fast engine's budget: identical messages in runs that
# the ranks' shares cut (rho-model(7), The fast engine)
for np in 2 4; do
    NP=$np same "link-torus-runs-AI-$np" -b -j 1 --links -f csv -p routing=AI scenarios/bgq-512-umesh.lua
done
NP=2 same "link-torus-runs-AH-2" -b -j 1 --messages -p routing=AH scenarios/bgq-512-umesh.lua
# a collective's steps as runs, each rank routing its chunks' records
# (268 million messages; rho-model(7), Identical messages)
NP=2 same "link-pairwise-runs-SD-2" -b -m link --links -f csv scenarios/supernode-rs-pairwise.lua

# a run one rank may not hold: refused on 1 rank with 40 MiB (exit 3,
# naming the ranks that would do), done on 4 ranks of 40 MiB each, with
# what one process prints without a cap (the link model alone: -m link)
timeout 300 "$BUILD/rho-mpi" -b -m link --max-memory 40MiB -p routing=AH scenarios/dragonfly-workload.lua >"$a" 2>&1
rc=$?
if [ $rc = 3 ] && grep -q 'would fit on [0-9]* MPI ranks' "$a"; then
    echo "ok - mpi one rank of 40 MiB refuses AH on the workload (exit 3)"
else
    echo "FAIL mpi one rank of 40 MiB: exit $rc, want 3 and the ranks that would do"
    head -3 "$a" | sed 's/^/    /'
fi
timeout 300 mpirun -q -n 4 --oversubscribe "$BUILD/rho-mpi" -b -m link --max-memory 40MiB -p routing=AH scenarios/dragonfly-workload.lua >"$a" 2>&1
rc=$?
"$BUILD/rho" -b -m link -p routing=AH scenarios/dragonfly-workload.lua >"$b" 2>&1
if [ $rc = 0 ] && cmp -s "$a" "$b"; then
    echo "ok - mpi 4 ranks of 40 MiB run it, as one process without a cap"
else
    echo "FAIL mpi 4 ranks of 40 MiB: exit $rc, or not one process's output"
    diff "$b" "$a" | head -10 | sed 's/^/    /'
fi
timeout 300 $MPIRUN "$BUILD/rho-mpi" --search -q scenarios/halo2d-t2.lua >"$a" 2>&1
if grep -q '2 MPI ranks' "$a"; then
    echo "ok - mpi says it ran on 2 ranks"
else
    echo "FAIL mpi: the output does not say it ran on 2 ranks"
fi

# ranks that loaded other scenarios (an MPMD launch, files that differ
# between machines) are refused on every rank, exit 2
timeout 300 mpirun -q --oversubscribe -n 1 "$BUILD/rho-mpi" --search -q scenarios/halo2d-t2.lua : -n 1 "$BUILD/rho-mpi" --search -q scenarios/table1.lua >"$a" 2>&1
rc=$?
if [ $rc = 2 ] && grep -q 'rho-mpi: rank 1 loaded another scenario than rank 0 (scenarios/halo2d-t2.lua); every rank must run the same scenario' "$a"; then
    echo "ok - mpi other scenarios on other ranks refused (exit 2)"
else
    echo "FAIL mpi other scenarios on other ranks: exit $rc, want 2 and the rank"
    head -3 "$a" | sed 's/^/    /'
fi
# a budget refused on a rank other than 0: rank 0 says which and why, and
# every rank exits 3 (not "another rank failed", exit 2)
timeout 300 mpirun -q -n 5 --oversubscribe "$BUILD/rho-mpi" -b -m link -q --max-memory 20MiB -p routing=AD scenarios/dragonfly-workload.lua >"$a" 2>&1
rc=$?
if [ $rc = 3 ] && grep -q ': rank [1-4]: the link model needs' "$a" && ! grep -q 'another rank failed' "$a"; then
    echo "ok - mpi a budget refused on rank N says so (exit 3)"
else
    echo "FAIL mpi a budget refused on another rank: exit $rc, want 3 and its message"
    head -3 "$a" | sed 's/^/    /'
fi
# rank 0 merges every time and id within --max-memory too: refused before
# it starts, exit 3, with what the merge needs
timeout 300 $MPIRUN "$BUILD/rho-mpi" --search -q --sample 1000000 --max-memory 20MiB scenarios/halo2d-t2.lua >"$a" 2>&1
rc=$?
if [ $rc = 3 ] && grep -q 'would need 30.52 MiB on rank 0 to merge their times, more than the memory budget of 20 MiB' "$a"; then
    echo "ok - mpi the merge on rank 0 keeps to --max-memory (exit 3)"
else
    echo "FAIL mpi the merge on rank 0: exit $rc, want 3 and what it needs"
    head -3 "$a" | sed 's/^/    /'
fi
