// The umbrella module: `import LinkMatch` gives the whole library, as before the split into modules.
// The modules themselves (see Package.swift and README.md "Layout") keep the boundaries:
// LinkMatchCore interprets nothing, LinkMatchReference and LinkMatchModel depend on it only,
// LinkMatchCompiled on the model (and the core), and LinkMatchTooling brings them together.
@_exported import LinkMatchCore
@_exported import LinkMatchReference
@_exported import LinkMatchModel
@_exported import LinkMatchCompiled
@_exported import LinkMatchTooling
