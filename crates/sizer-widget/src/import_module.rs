//! Where the importers run. In the shipped build (feature `import-module`, set by `cargo xtask
//! dist`) they live in a wasm module of their own (`sizer-import-wasm`), so the first download
//! leaves them out: the page's glue hands this module a loader ([`set_import_loader`]) that fetches
//! it once, when the browser is first idle or at the first import, and each answer comes back as
//! `sizer_import::encode_answer` text. Elsewhere (tests, the native build) they run in this
//! module. A loader that is missing or fails is said as `ImportFailure::ImporterUnavailable`.

#[cfg(not(all(target_arch = "wasm32", feature = "import-module")))]
use sizer_import::Import;

#[cfg(not(all(target_arch = "wasm32", feature = "import-module")))]
use crate::import_state::ImportFailure;

#[cfg(all(target_arch = "wasm32", feature = "import-module"))]
pub use remote::{import_files, import_text, set_import_loader};

/// Imports pasted text (see `sizer_import::import`).
#[cfg(not(all(target_arch = "wasm32", feature = "import-module")))]
pub async fn import_text(text: &str, name: &str) -> Result<Import, ImportFailure> {
    sizer_import::import(text, name).map_err(ImportFailure::Import)
}

/// Imports files as read, `(file name, bytes)` (see `sizer_import::import_dropped`).
#[cfg(not(all(target_arch = "wasm32", feature = "import-module")))]
pub async fn import_files(files: &[(String, Vec<u8>)], name: &str) -> Result<Import, ImportFailure> {
    let files: Vec<(&str, &[u8])> = files.iter().map(|(n, b)| (n.as_str(), b.as_slice())).collect();
    sizer_import::import_dropped(&files, name).map_err(ImportFailure::Import)
}

#[cfg(all(target_arch = "wasm32", feature = "import-module"))]
mod remote {
    use std::cell::RefCell;

    use sizer_import::Import;
    use wasm_bindgen::JsCast;
    use wasm_bindgen::prelude::*;

    use crate::import_state::ImportFailure;

    thread_local! {
        /// Resolves to the import module's exports (the glue keeps one promise for the page).
        static LOADER: RefCell<Option<js_sys::Function>> = const { RefCell::new(None) };
    }

    /// Called by the page's glue once this module has started: `loader()` returns a promise of
    /// the started import module's exports (`import_text`, `import_files`).
    #[wasm_bindgen]
    pub fn set_import_loader(loader: js_sys::Function) {
        LOADER.with(|cell| *cell.borrow_mut() = Some(loader));
    }

    /// Imports pasted text in the import module.
    pub async fn import_text(text: &str, name: &str) -> Result<Import, ImportFailure> {
        let args = js_sys::Array::of2(&JsValue::from_str(text), &JsValue::from_str(name));
        call("import_text", &args).await
    }

    /// Imports files as read in the import module.
    pub async fn import_files(files: &[(String, Vec<u8>)], name: &str) -> Result<Import, ImportFailure> {
        let names: js_sys::Array = files.iter().map(|(file, _)| JsValue::from_str(file)).collect();
        let mut sizes = Vec::with_capacity(files.len());
        for (_, bytes) in files {
            // The caller refused inputs over `MAX_INPUT_BYTES` (a few MB) before reading them.
            sizes.push(u32::try_from(bytes.len()).map_err(|_| ImportFailure::ImporterUnavailable)?);
        }
        let bytes: Vec<u8> = files.iter().flat_map(|(_, bytes)| bytes.iter().copied()).collect();
        let args = js_sys::Array::of4(
            &names,
            &js_sys::Uint32Array::from(sizes.as_slice()),
            &js_sys::Uint8Array::from(bytes.as_slice()),
            &JsValue::from_str(name),
        );
        call("import_files", &args).await
    }

    /// Calls the import module's `function` with `args` and decodes its answer.
    async fn call(function: &str, args: &js_sys::Array) -> Result<Import, ImportFailure> {
        let answer = answer(function, args).await.ok_or(ImportFailure::ImporterUnavailable)?;
        let result = sizer_import::decode_answer(&answer).ok_or(ImportFailure::ImporterUnavailable)?;
        result.map_err(ImportFailure::Import)
    }

    async fn answer(function: &str, args: &js_sys::Array) -> Option<String> {
        let loader = LOADER.with(|cell| cell.borrow().clone())?;
        let promise: js_sys::Promise = loader.call0(&JsValue::NULL).ok()?.dyn_into().ok()?;
        let exports = wasm_bindgen_futures::JsFuture::from(promise).await.ok()?;
        let function: js_sys::Function = js_sys::Reflect::get(&exports, &function.into()).ok()?.dyn_into().ok()?;
        function.apply(&JsValue::NULL, args).ok()?.as_string()
    }
}
