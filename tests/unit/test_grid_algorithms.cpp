// Filled in by the grid-algorithm work.
