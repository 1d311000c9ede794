print("eventbench: not built yet")
