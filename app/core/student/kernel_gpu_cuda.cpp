// NVRTC and the CUDA driver API: compile the instrumented kernels for the GPU at hand, load them,
// launch them in the plan's order on the arguments the emulator ran with, and copy everything
// back. Runs in the child process of kernel_gpu.cpp, which keeps the context between runs.
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

#define SCANVIZ_NVRTC_FUNCTIONS(X) \
  X(nvrtcCreateProgram)            \
  X(nvrtcDestroyProgram)           \
  X(nvrtcAddNameExpression)        \
  X(nvrtcCompileProgram)           \
  X(nvrtcGetProgramLogSize)        \
  X(nvrtcGetProgramLog)            \
  X(nvrtcGetLoweredName) X(nvrtcGetCUBINSize) X(nvrtcGetCUBIN) X(nvrtcGetErrorString)
#define SCANVIZ_DRIVER_FUNCTIONS(X)                                                          \
  X(cuInit)                                                                                  \
  X(cuDeviceGet)                                                                             \
  X(cuDeviceGetName)                                                                         \
  X(cuDeviceGetAttribute)                                                                    \
  X(cuDevicePrimaryCtxRetain)                                                                \
  X(cuCtxSetCurrent)                                                                         \
  X(cuModuleLoadData)                                                                        \
  X(cuModuleGetFunction)                                                                     \
  X(cuModuleUnload) X(cuMemAlloc) X(cuMemFree) X(cuMemcpyHtoD) X(cuMemcpyDtoH) X(cuMemsetD8) \
      X(cuLaunchKernel) X(cuCtxSynchronize) X(cuGetErrorName) X(cuGetErrorString)

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

// Compiles for the device's own architecture; each kernel's name as the module spells it.
std::pair<std::vector<char>, std::vector<std::string>> compile(const GpuKernelRequest& rq,
                                                               CUdevice dev) {
  int major = 0, minor = 0;
  check(driver()->cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev),
        "compute capability");
  check(driver()->cuDeviceGetAttribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, dev),
        "compute capability");
  nvrtcProgram prog = nullptr;
  check(nvrtc()->nvrtcCreateProgram(&prog, rq.program.source.c_str(), "kernel.cu", 0, nullptr,
                                    nullptr),
        "nvrtcCreateProgram");
  std::unique_ptr<nvrtcProgram, void (*)(nvrtcProgram*)> owner(
      &prog, [](nvrtcProgram* p) { nvrtc()->nvrtcDestroyProgram(p); });
  std::vector<std::string> expressions;
  for (const InstrumentedKernel& k : rq.program.kernels) {
    expressions.push_back("&" + k.kernelName);
    check(nvrtc()->nvrtcAddNameExpression(prog, expressions.back().c_str()),
          "nvrtcAddNameExpression");
  }
  const std::string arch = "--gpu-architecture=sm_" + std::to_string(major) + std::to_string(minor);
  const std::string section = "-DSECTION_SIZE=" + std::to_string(rq.sectionSize);
  const std::string block = "-DBLOCK_SIZE=" + std::to_string(rq.blockSize);
  const char* options[] = {arch.c_str(), section.c_str(), block.c_str(), "-lineinfo", "-std=c++17"};
  const nvrtcResult compiled =
      nvrtc()->nvrtcCompileProgram(prog, static_cast<int>(std::size(options)), options);
  size_t logSize = 0;
  nvrtc()->nvrtcGetProgramLogSize(prog, &logSize);
  std::string log(logSize, '\0');
  if (logSize) nvrtc()->nvrtcGetProgramLog(prog, log.data());
  while (!log.empty() && (log.back() == '\0' || log.back() == '\n')) log.pop_back();
  if (compiled != NVRTC_SUCCESS) throw CudaFailure{GpuRunStatus::CompileError, log};
  std::vector<std::string> names;
  for (const std::string& expr : expressions) {
    const char* lowered = nullptr;
    check(nvrtc()->nvrtcGetLoweredName(prog, expr.c_str(), &lowered), "nvrtcGetLoweredName");
    names.emplace_back(lowered);
  }
  size_t size = 0;
  check(nvrtc()->nvrtcGetCUBINSize(prog, &size), "nvrtcGetCUBINSize");
  std::vector<char> cubin(size);
  check(nvrtc()->nvrtcGetCUBIN(prog, cubin.data()), "nvrtcGetCUBIN");
  return {std::move(cubin), std::move(names)};
}

// The primary context of device 0, retained once for the child's life.
CUdevice openDevice(GpuKernelResult& r) {
  if (!driver())
    throw CudaFailure{GpuRunStatus::Unavailable,
                      "no NVIDIA driver here (libcuda.so.1 was not found)"};
  if (!nvrtc()) throw CudaFailure{GpuRunStatus::Unavailable, gpuKernelSupport()};
  static CUdevice dev = -1;
  static std::string name;
  if (dev < 0) {
    if (const CUresult init = driver()->cuInit(0); init != CUDA_SUCCESS) {
      const char* why = nullptr;
      driver()->cuGetErrorString(init, &why);
      throw CudaFailure{GpuRunStatus::Unavailable,
                        std::string("no GPU answers (") + (why ? why : "cuInit failed") + ")"};
    }
    CUdevice d;
    check(driver()->cuDeviceGet(&d, 0), "cuDeviceGet");
    char text[256] = {};
    driver()->cuDeviceGetName(text, sizeof text, d);
    CUcontext ctx;
    check(driver()->cuDevicePrimaryCtxRetain(&ctx, d), "cuDevicePrimaryCtxRetain");
    check(driver()->cuCtxSetCurrent(ctx), "cuCtxSetCurrent");
    dev = d;
    name = text;
  }
  r.device = name;
  return dev;
}

// Device memory that frees itself, so that a failed launch leaks nothing in a child kept alive.
struct DeviceBuffer {
  CUdeviceptr ptr = 0;
  explicit DeviceBuffer(size_t bytes) {
    check(driver()->cuMemAlloc(&ptr, std::max<size_t>(bytes, 1)), "cuMemAlloc");
  }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  ~DeviceBuffer() { driver()->cuMemFree(ptr); }
};

// One launch of the plan: its parameters, then where the recorded block's copies go; the copies
// come back into `shots`.
void launch(const GpuKernelRequest& rq, const PlannedLaunch& l, CUfunction fn,
            const std::vector<std::unique_ptr<DeviceBuffer>>& buffers,
            std::vector<std::vector<unsigned char>>& scalars,
            std::vector<std::vector<double>>& shots) {
  const InstrumentedKernel& k = rq.program.kernels.at(static_cast<size_t>(l.kernel));
  std::vector<void*> params;
  for (int a : l.arguments) {
    const Argument& arg = rq.plan.arguments.at(static_cast<size_t>(a));
    params.push_back(arg.isBuffer ? static_cast<void*>(&buffers[static_cast<size_t>(a)]->ptr)
                                  : scalars[static_cast<size_t>(a)].data());
  }
  const size_t elem = sizeOf(k.recordedType);
  const size_t length = static_cast<size_t>(std::max<int64_t>(k.recordedLength, 1));
  DeviceBuffer snapshots(static_cast<size_t>(rq.program.maxSnapshots) * length * elem);
  DeviceBuffer count(sizeof(unsigned int));
  check(driver()->cuMemsetD8(count.ptr, 0, sizeof(unsigned int)), "cuMemsetD8");
  unsigned int record = static_cast<unsigned int>(l.shape.recordedBlock);
  params.push_back(&snapshots.ptr);
  params.push_back(&count.ptr);
  params.push_back(&record);
  check(driver()->cuLaunchKernel(fn, static_cast<unsigned>(l.shape.gridSize), 1, 1,
                                 static_cast<unsigned>(l.shape.blockSize), 1, 1, 0, nullptr,
                                 params.data(), nullptr),
        "the launch");
  check(driver()->cuCtxSynchronize(), "the kernel");
  unsigned int barriers = 0;
  check(driver()->cuMemcpyDtoH(&barriers, count.ptr, sizeof barriers), "cuMemcpyDtoH");
  const size_t n = std::min<size_t>(barriers, static_cast<size_t>(rq.program.maxSnapshots));
  if (k.recordedArray.empty() || n == 0) return;
  std::vector<unsigned char> bytes(n * length * elem);
  check(driver()->cuMemcpyDtoH(bytes.data(), snapshots.ptr, bytes.size()), "cuMemcpyDtoH");
  for (size_t s = 0; s < n; ++s)
    shots.push_back(valuesOf(bytes.data() + s * length * elem, length, k.recordedType));
}

void run(const GpuKernelRequest& rq, GpuKernelResult& r) {
  const CUdevice dev = openDevice(r);
  const auto compileStart = std::chrono::steady_clock::now();
  auto [cubin, names] = compile(rq, dev);
  r.compileMs = msSince(compileStart);

  const auto runStart = std::chrono::steady_clock::now();
  CUmodule module;
  check(driver()->cuModuleLoadData(&module, cubin.data()), "cuModuleLoadData");
  std::unique_ptr<CUmod_st, void (*)(CUmodule)> moduleOwner(
      module, [](CUmodule m) { driver()->cuModuleUnload(m); });
  std::vector<CUfunction> functions(names.size());
  for (size_t i = 0; i < names.size(); ++i)
    check(driver()->cuModuleGetFunction(&functions[i], module, names[i].c_str()),
          "cuModuleGetFunction");
  const std::vector<Argument>& args = rq.plan.arguments;
  std::vector<std::unique_ptr<DeviceBuffer>> buffers(args.size());
  std::vector<std::vector<unsigned char>> scalars(args.size());
  for (size_t i = 0; i < args.size(); ++i) {
    if (!args[i].isBuffer) {
      scalars[i] = bytesOf({args[i].number}, args[i].type);
      continue;
    }
    const std::vector<unsigned char> bytes = bytesOf(args[i].data, args[i].type);
    buffers[i] = std::make_unique<DeviceBuffer>(bytes.size());
    if (!bytes.empty())
      check(driver()->cuMemcpyHtoD(buffers[i]->ptr, bytes.data(), bytes.size()), "cuMemcpyHtoD");
  }
  for (const PlannedLaunch& l : rq.plan.launches) {
    r.snapshots.emplace_back();
    launch(rq, l, functions.at(static_cast<size_t>(l.kernel)), buffers, scalars,
           r.snapshots.back());
  }
  for (size_t i = 0; i < args.size(); ++i) {
    r.buffers.emplace_back();
    if (!args[i].isBuffer) continue;
    std::vector<unsigned char> bytes(args[i].data.size() * sizeOf(args[i].type));
    if (!bytes.empty())
      check(driver()->cuMemcpyDtoH(bytes.data(), buffers[i]->ptr, bytes.size()), "cuMemcpyDtoH");
    r.buffers.back() = valuesOf(bytes.data(), args[i].data.size(), args[i].type);
  }
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
