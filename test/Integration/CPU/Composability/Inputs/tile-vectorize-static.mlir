// Transform library of vectorize-static.test: tile every linalg.generic by 8
// (the sizes divide the static shape) and vectorize the tiles.
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(
      %root: !transform.any_op {transform.readonly}) {
    %generics = transform.structured.match ops{["linalg.generic"]} in %root
        : (!transform.any_op) -> !transform.any_op
    %tiled, %loop = transform.structured.tile_using_for %generics
        tile_sizes [8] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.structured.vectorize %tiled : !transform.any_op
    transform.yield
  }
}
