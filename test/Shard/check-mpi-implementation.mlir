// RUN: rng-opt %s --split-input-file --verify-diagnostics \
// RUN:   --rng-check-mpi-implementation | FileCheck %s

// The two implementations upstream's MPI lowering knows pass unchanged.
// CHECK-LABEL: module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "OpenMPI">}
module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "OpenMPI">} {
}

// -----

// CHECK-LABEL: module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "MPICH">}
module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "MPICH">} {
}

// -----

// No entry: MPICH, as upstream, and no error.
// CHECK-LABEL: module {
module {
}

// -----

// expected-error @+1 {{rng-check-mpi-implementation: unknown MPI implementation "IntelMPI" in the module's dlti.map entry "MPI:Implementation"; expected "OpenMPI" or "MPICH" (no entry means "MPICH")}}
module @negative_unknown attributes {dlti.map = #dlti.map<"MPI:Implementation" = "IntelMPI">} {
}

// -----

// A value that is not a string names it as written.
// expected-error @+1 {{unknown MPI implementation 3 : i32}}
module @negative_not_a_string attributes {dlti.map = #dlti.map<"MPI:Implementation" = 3 : i32>} {
}
