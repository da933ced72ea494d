// Transform library of vectorize-dynamic.test: tile every linalg.generic by 6
// (16 elements at run time: tiles of 6, 6 and 4) and vectorize each tile with
// masks to vector<6x...> (vector sizes for dynamic shapes).
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(
      %root: !transform.any_op {transform.readonly}) {
    %generics = transform.structured.match ops{["linalg.generic"]} in %root
        : (!transform.any_op) -> !transform.any_op
    %tiled, %loop = transform.structured.tile_using_for %generics
        tile_sizes [6] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.structured.vectorize %tiled vector_sizes [6] : !transform.any_op
    transform.yield
  }
}
