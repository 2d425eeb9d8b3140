"""The official MCP Python SDK client in its default mode against one endpoint: connect (the default mode probes
server/discover and falls back to the initialize handshake), list the tools, call one. Prints one JSON line for
test/server/python-sdk.test.ts to check; any failure exits non-zero with the error on stderr.

Usage: python python_sdk_client.py URL TOOL ARGUMENTS_JSON
"""

import asyncio
import importlib.metadata
import json
import sys

from mcp import Client


async def main(url: str, tool: str, arguments: dict) -> None:
    async with Client(url) as client:
        listed = await client.list_tools()
        result = await client.call_tool(tool, arguments)
        print(
            json.dumps(
                {
                    "sdk_version": importlib.metadata.version("mcp"),
                    "protocol_version": client.protocol_version,
                    "server_name": client.server_info.name if client.server_info else None,
                    "tools": [t.name for t in listed.tools],
                    "is_error": bool(result.is_error),
                    "structured": result.structured_content,
                }
            )
        )


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2], json.loads(sys.argv[3])))
