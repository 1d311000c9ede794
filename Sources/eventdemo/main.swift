print("eventdemo: not built yet")
