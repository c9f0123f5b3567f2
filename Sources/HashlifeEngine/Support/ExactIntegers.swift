// The engine counts generations, populations and coordinates exactly with the big integers of
// HashlifeBigInt; every user of the engine gets them with it.
@_exported import HashlifeBigInt
