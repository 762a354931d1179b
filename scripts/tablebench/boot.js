const go = new Go();
WebAssembly.instantiateStreaming(fetch('bench.wasm'), go.importObject).then((r) => go.run(r.instance));
