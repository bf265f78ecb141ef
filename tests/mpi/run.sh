#!/bin/sh
# rho-mpi (make MPI=1): 2 ranks on loopback must print what rho prints on
# one machine (but for the line with the wall time). Skipped, with a note,
# when rho-mpi was not built.
BUILD=${1:-build}
if [ ! -x "$BUILD/rho-mpi" ]; then
    echo "# rho-mpi not built (make MPI=1): MPI tests skipped"
    exit 0
fi
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_btl=tcp,self OMPI_MCA_btl_tcp_if_include=lo OMPI_MCA_oob_tcp_if_include=lo
MPIRUN="mpirun -q -n 2 --oversubscribe"
a=$(mktemp)
b=$(mktemp)
trap 'rm -f "$a" "$b"' EXIT

same() { # same NAME ARGS...: rho-mpi on 2 ranks == rho
    name=$1
    shift
    timeout 300 $MPIRUN "$BUILD/rho-mpi" "$@" 2>&1 | grep -v -e ' s (.* schedules/s)' -e '^threads: ' -e '^seconds: ' -e '^ranks: ' >"$a"
    "$BUILD/rho" "$@" 2>&1 | grep -v -e ' s (.* schedules/s)' -e '^threads: ' -e '^seconds: ' -e '^ranks: ' >"$b"
    if cmp -s "$a" "$b" && [ -s "$a" ]; then
        echo "ok - mpi $name"
    else
        echo "FAIL mpi $name: 2 ranks differ from one process"
        diff "$b" "$a" | head -10 | sed 's/^/    /'
    fi
}

same search-2d --search -q scenarios/halo2d-t2.lua
same search-3d --search -q -f yaml scenarios/halo3d-t2.lua
same search-sample --search -q --sample 3001 --seed 4 scenarios/halo3d-t2.lua
same search-curve --search -q -f csv scenarios/halo2d-t2.lua
same sweep --sweep tau=0:1:0.1 --sweep size=40KiB,254KiB -f csv scenarios/halo2d-t2.lua
same sweep-error --sweep tau=0.1,0.2,0.3,7 scenarios/table1.lua
same sweep-link --sweep routing=SD,AD,AH -f csv scenarios/dragonfly-small.lua
same batch-network -b --links -f csv scenarios/torus-5x5.lua
same batch --batch scenarios/table1.lua
timeout 300 $MPIRUN "$BUILD/rho-mpi" --search -q scenarios/halo2d-t2.lua >"$a" 2>&1
if grep -q '2 MPI ranks' "$a"; then
    echo "ok - mpi says it ran on 2 ranks"
else
    echo "FAIL mpi: the output does not say it ran on 2 ranks"
fi
