// NVRTC and the CUDA driver API: compile the instrumented kernel for the GPU at hand, load it,
// launch it on the arguments the emulator ran with, and copy everything back. Runs in the child
// process of kernel_gpu.cpp.
// Both libraries are opened at run time (dlopen), never linked: the binary starts on machines
// with the toolkit and no driver (CI) or with neither (a laptop), and says there why the GPU
// path is not there. Their headers give the types and, through cuda.h's macros, the versioned
// names (cuMemAlloc is cuMemAlloc_v2) that dlsym must look up.
#include <cuda.h>
#include <dlfcn.h>
#include <nvrtc.h>

#include <chrono>
#include <cstring>
#include <memory>

#include "app/core/student/kernel_gpu.h"

namespace scanviz::student {
namespace {

#define SCANVIZ_NAME_OF(f) SCANVIZ_NAME_OF_EXPANDED(f)
#define SCANVIZ_NAME_OF_EXPANDED(f) #f
#define SCANVIZ_ENTRY(f) decltype(&::f) f = nullptr;
#define SCANVIZ_LOAD(f) \
  ok &= (f = reinterpret_cast<decltype(f)>(dlsym(handle, SCANVIZ_NAME_OF(f)))) != nullptr;

#define SCANVIZ_NVRTC_FUNCTIONS(X)                                                              \
  X(nvrtcCreateProgram)                                                                         \
  X(nvrtcDestroyProgram)                                                                        \
  X(nvrtcAddNameExpression)                                                                     \
  X(nvrtcCompileProgram) X(nvrtcGetProgramLogSize) X(nvrtcGetProgramLog) X(nvrtcGetLoweredName) \
      X(nvrtcGetCUBINSize) X(nvrtcGetCUBIN) X(nvrtcGetErrorString)
#define SCANVIZ_DRIVER_FUNCTIONS(X)                                                             \
  X(cuInit)                                                                                     \
  X(cuDeviceGet)                                                                                \
  X(cuDeviceGetName)                                                                            \
  X(cuDeviceGetAttribute) X(cuDevicePrimaryCtxRetain) X(cuCtxSetCurrent) X(cuModuleLoadData)    \
      X(cuModuleGetFunction) X(cuModuleUnload) X(cuMemAlloc) X(cuMemFree) X(cuMemcpyHtoD)       \
          X(cuMemcpyDtoH) X(cuMemsetD8) X(cuLaunchKernel) X(cuCtxSynchronize) X(cuGetErrorName) \
              X(cuGetErrorString)

struct Nvrtc {
  SCANVIZ_NVRTC_FUNCTIONS(SCANVIZ_ENTRY)
  bool open(void* handle) {
    bool ok = handle != nullptr;
    if (ok) {
      SCANVIZ_NVRTC_FUNCTIONS(SCANVIZ_LOAD)
    }
    return ok;
  }
};

struct Driver {
  SCANVIZ_DRIVER_FUNCTIONS(SCANVIZ_ENTRY)
  bool open(void* handle) {
    bool ok = handle != nullptr;
    if (ok) {
      SCANVIZ_DRIVER_FUNCTIONS(SCANVIZ_LOAD)
    }
    return ok;
  }
};

// NVRTC of the toolkit this was built with, else whichever the loader finds.
void* openNvrtc() {
  for (const char* name :
       {SCANVIZ_NVRTC_LIBRARY, "libnvrtc.so", "libnvrtc.so.13", "libnvrtc.so.12"})
    if (void* h = dlopen(name, RTLD_NOW | RTLD_LOCAL)) return h;
  return nullptr;
}

const Nvrtc* nvrtc() {
  static const Nvrtc* api = [] {
    static Nvrtc n;
    return n.open(openNvrtc()) ? &n : nullptr;
  }();
  return api;
}

const Driver* driver() {
  static const Driver* api = [] {
    static Driver d;
    return d.open(dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL)) ? &d : nullptr;
  }();
  return api;
}

struct CudaFailure {
  GpuRunStatus status;
  std::string message;
};

void check(CUresult r, const char* what) {
  if (r == CUDA_SUCCESS) return;
  const char* name = nullptr;
  const char* text = nullptr;
  driver()->cuGetErrorName(r, &name);
  driver()->cuGetErrorString(r, &text);
  throw CudaFailure{GpuRunStatus::Fault, std::string(what) + ": " + (name ? name : "?") + " (" +
                                             (text ? text : "") + ")"};
}

void check(nvrtcResult r, const char* what) {
  if (r != NVRTC_SUCCESS)
    throw CudaFailure{GpuRunStatus::Fault,
                      std::string(what) + ": " + nvrtc()->nvrtcGetErrorString(r)};
}

size_t sizeOf(ValueType t) {
  switch (t) {
    case ValueType::Bool:
      return 1;
    case ValueType::Int64:
    case ValueType::UInt64:
    case ValueType::Float64:
      return 8;
    default:
      return 4;
  }
}

// The elements as the kernel's type stores them, and back.
std::vector<unsigned char> bytesOf(const std::vector<double>& values, ValueType t) {
  std::vector<unsigned char> out(values.size() * sizeOf(t));
  for (size_t i = 0; i < values.size(); ++i) {
    unsigned char* at = out.data() + i * sizeOf(t);
    const double v = values[i];
    switch (t) {
      case ValueType::Bool:
        *at = v != 0;
        break;
      case ValueType::Int32: {
        int32_t x = static_cast<int32_t>(v);
        std::memcpy(at, &x, 4);
        break;
      }
      case ValueType::UInt32: {
        uint32_t x = static_cast<uint32_t>(static_cast<int64_t>(v));
        std::memcpy(at, &x, 4);
        break;
      }
      case ValueType::Int64: {
        int64_t x = static_cast<int64_t>(v);
        std::memcpy(at, &x, 8);
        break;
      }
      case ValueType::UInt64: {
        uint64_t x = static_cast<uint64_t>(v);
        std::memcpy(at, &x, 8);
        break;
      }
      case ValueType::Float64:
        std::memcpy(at, &v, 8);
        break;
      default: {
        float x = static_cast<float>(v);
        std::memcpy(at, &x, 4);
        break;
      }
    }
  }
  return out;
}

std::vector<double> valuesOf(const unsigned char* bytes, size_t count, ValueType t) {
  std::vector<double> out(count);
  for (size_t i = 0; i < count; ++i) {
    const unsigned char* at = bytes + i * sizeOf(t);
    switch (t) {
      case ValueType::Bool:
        out[i] = *at != 0;
        break;
      case ValueType::Int32: {
        int32_t x;
        std::memcpy(&x, at, 4);
        out[i] = x;
        break;
      }
      case ValueType::UInt32: {
        uint32_t x;
        std::memcpy(&x, at, 4);
        out[i] = x;
        break;
      }
      case ValueType::Int64: {
        int64_t x;
        std::memcpy(&x, at, 8);
        out[i] = static_cast<double>(x);
        break;
      }
      case ValueType::UInt64: {
        uint64_t x;
        std::memcpy(&x, at, 8);
        out[i] = static_cast<double>(x);
        break;
      }
      case ValueType::Float64:
        std::memcpy(&out[i], at, 8);
        break;
      default: {
        float x;
        std::memcpy(&x, at, 4);
        out[i] = x;
        break;
      }
    }
  }
  return out;
}

double msSince(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t).count();
}

// Compiles for the device's own architecture; the kernel's name as the module spells it.
std::pair<std::vector<char>, std::string> compile(const GpuKernelRequest& rq, CUdevice dev) {
  int major = 0, minor = 0;
  check(driver()->cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev),
        "compute capability");
  check(driver()->cuDeviceGetAttribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, dev),
        "compute capability");
  nvrtcProgram prog = nullptr;
  check(nvrtc()->nvrtcCreateProgram(&prog, rq.kernel.source.c_str(), "kernel.cu", 0, nullptr,
                                    nullptr),
        "nvrtcCreateProgram");
  std::unique_ptr<nvrtcProgram, void (*)(nvrtcProgram*)> owner(
      &prog, [](nvrtcProgram* p) { nvrtc()->nvrtcDestroyProgram(p); });
  const std::string expr = "&" + rq.kernel.kernelName;
  check(nvrtc()->nvrtcAddNameExpression(prog, expr.c_str()), "nvrtcAddNameExpression");
  const std::string arch = "--gpu-architecture=sm_" + std::to_string(major) + std::to_string(minor);
  const std::string section = "-DSECTION_SIZE=" + std::to_string(rq.sectionSize);
  const std::string block = "-DBLOCK_SIZE=" + std::to_string(rq.shape.blockSize);
  const char* options[] = {arch.c_str(), section.c_str(), block.c_str(), "-lineinfo", "-std=c++17"};
  const nvrtcResult compiled =
      nvrtc()->nvrtcCompileProgram(prog, static_cast<int>(std::size(options)), options);
  size_t logSize = 0;
  nvrtc()->nvrtcGetProgramLogSize(prog, &logSize);
  std::string log(logSize, '\0');
  if (logSize) nvrtc()->nvrtcGetProgramLog(prog, log.data());
  while (!log.empty() && (log.back() == '\0' || log.back() == '\n')) log.pop_back();
  if (compiled != NVRTC_SUCCESS) throw CudaFailure{GpuRunStatus::CompileError, log};
  const char* lowered = nullptr;
  check(nvrtc()->nvrtcGetLoweredName(prog, expr.c_str(), &lowered), "nvrtcGetLoweredName");
  std::string name = lowered;
  size_t size = 0;
  check(nvrtc()->nvrtcGetCUBINSize(prog, &size), "nvrtcGetCUBINSize");
  std::vector<char> cubin(size);
  check(nvrtc()->nvrtcGetCUBIN(prog, cubin.data()), "nvrtcGetCUBIN");
  return {std::move(cubin), name};
}

void run(const GpuKernelRequest& rq, GpuKernelResult& r) {
  if (!driver())
    throw CudaFailure{GpuRunStatus::Unavailable,
                      "no NVIDIA driver here (libcuda.so.1 was not found)"};
  if (!nvrtc()) throw CudaFailure{GpuRunStatus::Unavailable, gpuKernelSupport()};
  if (const CUresult init = driver()->cuInit(0); init != CUDA_SUCCESS) {
    const char* why = nullptr;
    driver()->cuGetErrorString(init, &why);
    throw CudaFailure{GpuRunStatus::Unavailable,
                      std::string("no GPU answers (") + (why ? why : "cuInit failed") + ")"};
  }
  CUdevice dev;
  check(driver()->cuDeviceGet(&dev, 0), "cuDeviceGet");
  char name[256] = {};
  driver()->cuDeviceGetName(name, sizeof name, dev);
  r.device = name;
  CUcontext ctx;
  check(driver()->cuDevicePrimaryCtxRetain(&ctx, dev), "cuDevicePrimaryCtxRetain");
  check(driver()->cuCtxSetCurrent(ctx), "cuCtxSetCurrent");
  const auto compileStart = std::chrono::steady_clock::now();
  auto [cubin, kernelName] = compile(rq, dev);
  r.compileMs = msSince(compileStart);

  const auto runStart = std::chrono::steady_clock::now();
  CUmodule module;
  check(driver()->cuModuleLoadData(&module, cubin.data()), "cuModuleLoadData");
  CUfunction fn;
  check(driver()->cuModuleGetFunction(&fn, module, kernelName.c_str()), "cuModuleGetFunction");
  std::vector<CUdeviceptr> pointers(rq.arguments.size(), 0);
  std::vector<std::vector<unsigned char>> scalars(rq.arguments.size());
  std::vector<void*> params;
  for (size_t i = 0; i < rq.arguments.size(); ++i) {
    const Argument& a = rq.arguments[i];
    if (a.isBuffer) {
      const std::vector<unsigned char> bytes = bytesOf(a.data, a.type);
      check(driver()->cuMemAlloc(&pointers[i], std::max<size_t>(bytes.size(), 1)), "cuMemAlloc");
      if (!bytes.empty())
        check(driver()->cuMemcpyHtoD(pointers[i], bytes.data(), bytes.size()), "cuMemcpyHtoD");
      params.push_back(&pointers[i]);
    } else {
      scalars[i] = bytesOf({a.number}, a.type);
      params.push_back(scalars[i].data());
    }
  }
  const size_t elem = sizeOf(rq.kernel.recordedType);
  const size_t snapshotBytes = static_cast<size_t>(rq.kernel.maxSnapshots) *
                               static_cast<size_t>(std::max<int64_t>(rq.kernel.recordedLength, 1)) *
                               elem;
  CUdeviceptr snapshots = 0, count = 0;
  check(driver()->cuMemAlloc(&snapshots, std::max<size_t>(snapshotBytes, 1)), "cuMemAlloc");
  check(driver()->cuMemAlloc(&count, sizeof(unsigned int)), "cuMemAlloc");
  check(driver()->cuMemsetD8(count, 0, sizeof(unsigned int)), "cuMemsetD8");
  unsigned int record = static_cast<unsigned int>(rq.shape.recordedBlock);
  params.push_back(&snapshots);
  params.push_back(&count);
  params.push_back(&record);
  check(driver()->cuLaunchKernel(fn, static_cast<unsigned>(rq.shape.gridSize), 1, 1,
                                 static_cast<unsigned>(rq.shape.blockSize), 1, 1, 0, nullptr,
                                 params.data(), nullptr),
        "the launch");
  check(driver()->cuCtxSynchronize(), "the kernel");
  for (size_t i = 0; i < rq.arguments.size(); ++i) {
    const Argument& a = rq.arguments[i];
    if (!a.isBuffer) {
      r.buffers.emplace_back();
      continue;
    }
    std::vector<unsigned char> bytes(a.data.size() * sizeOf(a.type));
    if (!bytes.empty())
      check(driver()->cuMemcpyDtoH(bytes.data(), pointers[i], bytes.size()), "cuMemcpyDtoH");
    r.buffers.push_back(valuesOf(bytes.data(), a.data.size(), a.type));
    driver()->cuMemFree(pointers[i]);
  }
  unsigned int barriers = 0;
  check(driver()->cuMemcpyDtoH(&barriers, count, sizeof barriers), "cuMemcpyDtoH");
  const size_t shots = std::min<size_t>(barriers, static_cast<size_t>(rq.kernel.maxSnapshots));
  if (!rq.kernel.recordedArray.empty() && shots > 0) {
    std::vector<unsigned char> bytes(shots * static_cast<size_t>(rq.kernel.recordedLength) * elem);
    check(driver()->cuMemcpyDtoH(bytes.data(), snapshots, bytes.size()), "cuMemcpyDtoH");
    for (size_t k = 0; k < shots; ++k)
      r.snapshots.push_back(
          valuesOf(bytes.data() + k * static_cast<size_t>(rq.kernel.recordedLength) * elem,
                   static_cast<size_t>(rq.kernel.recordedLength), rq.kernel.recordedType));
  }
  driver()->cuMemFree(snapshots);
  driver()->cuMemFree(count);
  driver()->cuModuleUnload(module);
  r.runMs = msSince(runStart);
  r.status = GpuRunStatus::Ran;
}

}  // namespace

std::string gpuKernelSupport() {
  if (!nvrtc())
    return std::string(
        "NVRTC (libnvrtc.so of the CUDA toolkit) was not found: students' kernels run on "
        "the emulator only");
  return "";
}

GpuKernelResult runOnGpuHere(const GpuKernelRequest& rq) {
  GpuKernelResult r;  // what the run found before a failure (the device, the compile time) stays
  try {
    run(rq, r);
  } catch (const CudaFailure& f) {
    r.status = f.status;
    r.message = f.message;
  }
  return r;
}

}  // namespace scanviz::student
