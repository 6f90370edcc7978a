// One triangle that covers the viewport (the region being drawn). vUv runs 0..1 left to right
// and 0..1 top to bottom as the picture is shown, whatever the framebuffer's orientation.
out vec2 vUv;

void main() {
  vec2 p = vec2(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0);
  vUv = vec2(0.5 * (p.x + 1.0), 0.5 * (1.0 - p.y));
  gl_Position = vec4(p, 0.0, 1.0);
}
