// A full garbage collection on demand, for a command that has its process to itself (the import,
// between its phases). V8 offers one only behind --expose-gc, which the `verdict` command is not
// started with; the flag is set now and the function taken from a fresh context, where V8 then
// installs it.
import v8 from "node:v8";
import vm from "node:vm";

let gc: (() => void) | undefined;

export function fullCollection(): () => void {
  if (!gc) {
    v8.setFlagsFromString("--expose-gc");
    gc = vm.runInNewContext("gc") as () => void;
  }
  return gc;
}
