// Filled in by the block-algorithm work.
