public enum HashlifeCommand { public static func main() {} }
